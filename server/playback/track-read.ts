// One truck's track in a range (docs/playback.md): its fixes from `position` in time order, as columns, and the marks
// along them — stops and cover openings from `event`, alarms from `alarm`. Which event kinds mark what is a parameter,
// so the sprinkler playback reads the same track with its own kinds (spraying runs).
import { parseEventData } from '../../domain/event-shapes';
import type { EventKind } from '../../domain/events';
import type { MarkKind, TrackAnswer, TrackMark, TrackMarkSet, TrackQuery } from '../../domain/playback/track-wire';
import { isRecord } from '../../domain/wire/guards';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';

/** The event kinds a track shows, and the mark each becomes with its detail number. */
type MarkEvents = Readonly<Partial<Record<EventKind, MarkKind>>>;

/** The oil-truck playback's marks: parking events are stops, manhole cover openings are covers. */
const TRUCK_MARK_EVENTS: MarkEvents = { parking: 'stop', switch_cover: 'cover' };

/** The sprinkler playback's marks: stops, and its spraying runs (the simulator's `spray` events, full to empty). */
const SPRINKLER_MARK_EVENTS: MarkEvents = { parking: 'stop', spray: 'spray' };

export const MARK_EVENT_SETS: Readonly<Record<TrackMarkSet, MarkEvents>> = { truck: TRUCK_MARK_EVENTS, sprinkler: SPRINKLER_MARK_EVENTS };

/** Six decimals of a degree are a tenth of a metre: more digits are only bytes on the wire. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The detail and area of an event as a mark: a stop's minutes, a cover's compartment, a spraying run's litres. */
function eventMark(kind: string, data: string): { readonly detail: number; readonly area: string } {
  const parsed = parseEventData(kind, data);
  if (parsed?.kind === 'parking') return { detail: parsed.data.durationMin, area: parsed.data.area };
  if (parsed?.kind === 'switch_cover') return { detail: parsed.data.compartment, area: parsed.data.area };
  if (parsed?.kind === 'spray') return { detail: parsed.data.volume, area: parsed.data.startArea || parsed.data.endArea };
  return { detail: 0, area: '' };
}

function alarmArea(properties: string): string {
  try {
    const value: unknown = JSON.parse(properties);
    return isRecord(value) && typeof value['area'] === 'string' ? value['area'] : '';
  } catch {
    return '';
  }
}

/** The track of one of the caller's trucks; undefined when the truck is not one of theirs. */
export async function readTrack(db: Db, query: TrackQuery, companyCodes: readonly string[], markEvents: MarkEvents = TRUCK_MARK_EVENTS): Promise<TrackAnswer | undefined> {
  const { truckId, startTime, endTime } = query;
  const truck = await scopedFrom(db, companyCodes, 'truck').select(['id', 'signCode']).where('id', '=', truckId).executeTakeFirst();
  if (!truck) return undefined;

  const kinds = Object.keys(markEvents) as EventKind[];
  const [positions, events, alarms] = await Promise.all([
    db.selectFrom('position').select(['time', 'lat', 'lng', 'speed', 'heading'])
      .where('truckId', '=', truckId).where('time', '>=', startTime).where('time', '<=', endTime)
      .orderBy('time').orderBy('id').execute(),
    kinds.length === 0 ? Promise.resolve([]) : db.selectFrom('event').select(['kind', 'startTime', 'endTime', 'data'])
      .where('truckId', '=', truckId).where('kind', 'in', kinds).where('startTime', '>=', startTime).where('startTime', '<=', endTime)
      .orderBy('startTime').execute(),
    db.selectFrom('alarm').select(['type', 'startTime', 'properties'])
      .where('truckId', '=', truckId).where('startTime', '>=', startTime).where('startTime', '<=', endTime)
      .orderBy('startTime').execute(),
  ]);

  const fixes = { time: [] as number[], lat: [] as number[], lng: [] as number[], speed: [] as number[], heading: [] as number[] };
  for (const row of positions) {
    fixes.time.push(Number(row.time));
    fixes.lat.push(round6(row.lat));
    fixes.lng.push(round6(row.lng));
    fixes.speed.push(Math.round(row.speed * 10) / 10);
    fixes.heading.push(Math.round(row.heading));
  }
  const marks: TrackMark[] = [
    ...events.flatMap((row): TrackMark[] => {
      const kind = markEvents[row.kind as EventKind];
      return kind ? [{ kind, startTime: Number(row.startTime), endTime: row.endTime === null ? null : Number(row.endTime), ...eventMark(row.kind, row.data) }] : [];
    }),
    ...alarms.map((row): TrackMark => ({ kind: 'alarm', startTime: Number(row.startTime), endTime: null, detail: row.type, area: alarmArea(row.properties) })),
  ].sort((a, b) => a.startTime - b.startTime);
  return { truckId: truck.id, signCode: truck.signCode, fixes, marks };
}
