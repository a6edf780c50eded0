// Our extension to the spec's export calls (docs/api.md, Exports): the console posts a ticket of its own making with an
// export form, and while the answer has not begun it asks where that export waits. A backend without the extension
// ignores the extra form field and answers the status call 404; the export then works as the spec has it.

/** The form field of every export call that carries the ticket. */
export const EXPORT_TICKET_FIELD = 'exportTicket';

/** The status call, below the shared client's base path: `GET /export/queue?ticket=…`. */
export const EXPORT_QUEUE_PATH = '/export/queue';

/** A ticket: letters, digits and dashes (a UUID does), long enough not to be guessed by another tab of the same user. */
export const EXPORT_TICKET_PATTERN = '^[0-9A-Za-z-]{16,64}$';

/**
 * Where the ticket's export is: waiting with `ahead` exports before it in the queue, being built (its answer starts
 * when the file does), or not known (not arrived yet, finished, abandoned, or another user's ticket).
 */
export type ExportQueueState =
  | { readonly state: 'queued'; readonly ahead: number }
  | { readonly state: 'running' }
  | { readonly state: 'none' };

export function isExportQueueState(value: unknown): value is ExportQueueState {
  if (typeof value !== 'object' || value === null || !('state' in value)) return false;
  if (value.state === 'queued') return 'ahead' in value && typeof value.ahead === 'number' && Number.isInteger(value.ahead) && value.ahead >= 0;
  return value.state === 'running' || value.state === 'none';
}
