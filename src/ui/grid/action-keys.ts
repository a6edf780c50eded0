// Keyboard inside a grid cell of buttons: AG Grid moves between cells on Tab and acts on Enter itself, so a cell's own
// buttons could never be reached; this lets Tab walk through them first and lets Enter and Space press them.
import type { SuppressKeyboardEventParams } from 'ag-grid-community';

/** True when the browser, not the grid, handles the key (AG Grid's `suppressKeyboardEvent`). */
export function actionKeys({ event }: Pick<SuppressKeyboardEventParams, 'event'>): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  const cell = target.closest('.ag-cell');
  const buttons = cell ? [...cell.querySelectorAll<HTMLElement>('button:not(:disabled)')] : [];
  if (buttons.length === 0) return false;
  // -1: the cell itself has focus (the grid put it there); the browser's Tab then goes to its first button.
  const at = buttons.indexOf(target);
  if (event.key === 'Tab') return event.shiftKey ? at > 0 : at < buttons.length - 1;
  return at >= 0 && (event.key === 'Enter' || event.key === ' ');
}
