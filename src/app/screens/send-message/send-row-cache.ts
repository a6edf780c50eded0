// The send list's loaded rows, block by block as the grid asked for them: the grid's reload after a live batch is
// answered from here with the changed rows patched in, so 1,000 sends changing cost one small read per batch and no
// page read; only a batch that adds or drops rows of the loaded range (a new send, a row leaving a status filter)
// sends the grid back to the server.
import type { SendRow } from '../../../../domain/params/send-wire';

/** What a batch did to the loaded rows. */
interface PatchResult {
  /** Rows replaced in place. */
  readonly patched: number;
  /** The loaded range gains or loses rows: the blocks must be read again from the server. */
  readonly reshaped: boolean;
}

/** The list's order: newest required time first, then the larger id (server/sends/send-list.ts). */
function before(a: SendRow, b: SendRow): boolean {
  return a.requiredAt !== b.requiredAt ? a.requiredAt > b.requiredAt : a.id > b.id;
}

export class SendRowCache {
  private readonly blocks = new Map<number, SendRow[]>();
  private readonly places = new Map<number, { readonly offset: number; readonly index: number }>();
  private blockSize = 0;

  /** A block the grid asked for before, as it is now, or undefined when it was not loaded (or with another size). */
  block(offset: number, size: number): readonly SendRow[] | undefined {
    return size === this.blockSize ? this.blocks.get(offset) : undefined;
  }

  store(offset: number, size: number, rows: readonly SendRow[]): void {
    if (size !== this.blockSize) this.clear();
    this.blockSize = size;
    this.blocks.set(offset, [...rows]);
    rows.forEach((row, index) => this.places.set(row.id, { offset, index }));
  }

  clear(): void {
    this.blocks.clear();
    this.places.clear();
  }

  /** The last loaded row in the list's order, if any. */
  private last(): SendRow | undefined {
    let last: SendRow | undefined;
    for (const rows of this.blocks.values()) for (const row of rows) if (!last || before(last, row)) last = row;
    return last;
  }

  /**
   * Applies a batch: `ids` the notices named, `rows` those of them the list's filters still keep, as read now. A named
   * loaded row missing from `rows` left the filters; a row not loaded that sorts within the loaded range is new there.
   */
  patch(ids: readonly number[], rows: readonly SendRow[]): PatchResult {
    const read = new Map(rows.map((row) => [row.id, row]));
    const last = this.last();
    let patched = 0;
    let reshaped = false;
    for (const id of ids) {
      const place = this.places.get(id);
      const row = read.get(id);
      if (place && !row) reshaped = true;
      else if (!place && row && last && !before(last, row)) reshaped = true;
      else if (!place && row && !last) reshaped = true;
      else if (place && row) {
        const block = this.blocks.get(place.offset);
        if (block) {
          block[place.index] = row;
          patched += 1;
        }
      }
    }
    return { patched, reshaped };
  }
}
