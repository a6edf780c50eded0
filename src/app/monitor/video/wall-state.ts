// The video wall's layout and what each pane shows, kept in the browser (localStorage) so a reload, or the next day,
// shows the same wall. Kept per user (keyed by the login's user id, as the shell keys quick access): on a control
// room's shared browser the next user must not see the previous one's plates. Read defensively: a stored value from
// another version, or edited by hand, falls back to empty.
import { MAX_CHANNELS } from '../../../../domain/video/video-wire';
import { isRecord } from '../../../../domain/wire/guards';

export const LAYOUTS = [1, 4, 9] as const;
export type Layout = (typeof LAYOUTS)[number];

interface PaneAssignment {
  readonly truckId: number;
  readonly plate: string;
  readonly channel: number;
}

export interface WallState {
  readonly layout: Layout;
  /** Always 9 entries: switching to a smaller layout keeps the hidden panes' trucks. */
  readonly panes: readonly (PaneAssignment | null)[];
}

/** The key's stem; before walls were per user it was the whole key (removed on save: it held someone's plates). */
export const WALL_KEY = 'fleetConsole.videoWall';
/** The storage key of a user's wall. */
export const wallKey = (userId: number) => `${WALL_KEY}.${userId}`;
const PANES = 9;

export const EMPTY_WALL: WallState = { layout: 4, panes: Array.from({ length: PANES }, () => null) };

export function isLayout(value: unknown): value is Layout {
  return typeof value === 'number' && (LAYOUTS as readonly number[]).includes(value);
}

function readAssignment(value: unknown): PaneAssignment | null {
  if (!isRecord(value)) return null;
  const { truckId, plate, channel } = value;
  if (typeof truckId !== 'number' || !Number.isSafeInteger(truckId) || truckId < 1 || typeof plate !== 'string') return null;
  if (typeof channel !== 'number' || !Number.isInteger(channel) || channel < 1 || channel > MAX_CHANNELS) return null;
  return { truckId, plate, channel };
}

export function parseWall(text: string | null): WallState {
  if (!text) return EMPTY_WALL;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return EMPTY_WALL;
  }
  if (!isRecord(value)) return EMPTY_WALL;
  const panes = Array.isArray(value['panes']) ? value['panes'] : [];
  return {
    layout: isLayout(value['layout']) ? value['layout'] : EMPTY_WALL.layout,
    panes: Array.from({ length: PANES }, (_, i) => readAssignment(panes[i])),
  };
}

/** The user's stored wall; empty without a user (nobody's wall is shown). */
export function loadWall(userId: number | undefined, storage: Pick<Storage, 'getItem'> = localStorage): WallState {
  if (userId === undefined) return EMPTY_WALL;
  try {
    return parseWall(storage.getItem(wallKey(userId)));
  } catch {
    return EMPTY_WALL;
  }
}

export function saveWall(wall: WallState, userId: number | undefined, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  if (userId === undefined) return;
  try {
    storage.setItem(wallKey(userId), JSON.stringify(wall));
    storage.removeItem(WALL_KEY);
  } catch {
    // A private window may refuse storage: the wall then lasts as long as the page.
  }
}

export function assignPane(wall: WallState, index: number, assignment: PaneAssignment | null): WallState {
  return { ...wall, panes: wall.panes.map((pane, i) => (i === index ? assignment : pane)) };
}

/** The pane an arrow key moves to in a square grid of `layout` panes; stays put at the edges. */
export function movePane(index: number, layout: Layout, key: string): number {
  const side = Math.sqrt(layout);
  const row = Math.floor(index / side);
  const column = index % side;
  if (key === 'ArrowLeft' && column > 0) return index - 1;
  if (key === 'ArrowRight' && column < side - 1) return index + 1;
  if (key === 'ArrowUp' && row > 0) return index - side;
  if (key === 'ArrowDown' && row < side - 1) return index + side;
  return index;
}
