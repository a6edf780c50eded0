// The progress of an export download (src/api/export-download.ts) beside its button: its place while it waits in the
// server's export queue, then a bar, with the bytes received where the caller shows them, until the last byte is in.
import type { ExportProgress } from '../api/export-download';

interface ExportProgressViewProps {
  /** 'starting' until the server says anything. */
  readonly progress: ExportProgress | 'starting';
  /** The bar's name (正在导出…). */
  readonly label: string;
  /** The waiting text for `ahead` exports before this one. */
  readonly queuedText: (ahead: number) => string;
  readonly showSize?: boolean;
  readonly className?: string;
  readonly testId: string;
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function ExportProgressView({ progress, label, queuedText, showSize = false, className, testId }: ExportProgressViewProps) {
  if (progress !== 'starting' && progress.kind === 'queued') {
    return (
      <span className={className} data-testid={testId} role="status">
        {queuedText(progress.ahead)}
      </span>
    );
  }
  const known = progress !== 'starting' && progress.kind === 'receiving' ? progress : undefined;
  return (
    <span className={className} data-testid={testId}>
      {/* A streamed workbook has no known size: the bar runs until the last byte is in. */}
      <progress aria-label={label} max={known?.totalBytes} value={known?.totalBytes ? known.receivedBytes : undefined} />
      {showSize && known && <span>{sizeText(known.receivedBytes)}</span>}
    </span>
  );
}
