// An .xlsx answer's Content-Disposition, which keeps a Chinese file name (the media type is the domain's XLSX_TYPE).
// Shared by the report export (server/exports/export-answer.ts) and the entity export and template
// (server/entities/entity-transfer-routes.ts).

/** RFC 6266 / 5987: a plain ASCII fallback plus the UTF-8 name, so Chinese file names survive every browser. */
export function contentDisposition(fileName: string): string {
  const base = fileName.replace(/[\r\n"\\/]/g, '_').slice(0, 120) || 'export';
  const name = base.toLowerCase().endsWith('.xlsx') ? base : `${base}.xlsx`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
