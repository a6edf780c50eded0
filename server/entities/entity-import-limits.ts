// What reading one uploaded workbook may cost: the unpacked size of each part read, the text kept, the
// archive's entries, and how many imports run at once. Each bound is far above what a filled template of
// TRANSFER_LIMITS.importRows rows needs and far below what would hurt the server (docs/entity-import.md, Limits).

const MB = 1024 * 1024;

export const IMPORT_UNPACKED = {
  /**
   * The sheet's XML. 10,000 rows of 17 columns, every cell an inline string at its longest, come to about 30 MB; a
   * part this size takes saxes about 1.5 s, in slices of one inflated chunk each.
   */
  sheet: 48 * MB,
  /** Every distinct text of the workbook, held while the sheet is read: about 15 MB for 10,000 rows at their longest. */
  sharedStrings: 16 * MB,
  /** workbook.xml, its relationships, styles.xml: kilobytes in a template, a few MB in a workbook of many styles. */
  other: 8 * MB,
} as const;

/** Archive entries: a template has a dozen; a workbook with thousands of parts is no template. */
export const IMPORT_ENTRIES_MAX = 5_000;

/** Excel's own limit of one cell's text (its "specifications and limits"): anything longer came from no spreadsheet. */
export const CELL_TEXT_MAX = 32_767;

/**
 * UTF-16 units of XML read since the parser's last tag: bounds the text, comment or attribute saxes buffers. A cell of
 * CELL_TEXT_MAX characters written as character references (`&#x4E2D;`) is 8 units a character.
 */
export const XML_PENDING_MAX = CELL_TEXT_MAX * 8;

/**
 * Bytes of text kept from one file while it is read (shared strings and the cells of the import's columns), as
 * JavaScript holds it (one byte a Latin-1 character, two any other), each string counted 16 more for its own cost.
 * 10,000 drivers as people fill them in (a 15-character Chinese address, an e-mail, dates and phones) keep about 4 MB;
 * a file of every field at its longest is refused.
 */
export const IMPORT_TEXT_BYTES = 8 * MB;
export const TEXT_COST_PER_STRING = 16;

/**
 * Imports read, checked and inserted at once over the whole server; the next waits before its body is read. Each
 * holds at most its 5 MB body and IMPORT_TEXT_MAX of text, so two keep the server's growth under 100 MB.
 */
export const IMPORTS_AT_ONCE = 2;
