// GET /track (playback_track; docs/playback.md): one of the caller's trucks' fixes and marks in a range of at
// most 3 days, for whoever holds a playback screen (the trucks' or the water trucks'). A range over 3 days or reversed
// is refused with the domain's rule.
import type { RoutePath } from '../../domain/routes';
import { trackRangeProblem } from '../../domain/playback/track-range';
import { TRACK_CALL_PATH, TRACK_MARK_SETS, type TrackAnswer, type TrackQuery } from '../../domain/playback/track-wire';
import { translate } from '../../domain/i18n';
import { envelope, NOT_FOUND } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failText, langOf } from '../envelope';
import { field, type ContractPlugin } from '../routes/plugin';
import { MARK_EVENT_SETS, readTrack } from './track-read';

const PLAYBACK_SCREENS: readonly RoutePath[] = ['/monitor/playback_track', '/monitor/sprinkler_playback_track'];

const TRACK_QUERY = {
  type: 'object',
  required: ['truckId', 'startTime', 'endTime'],
  properties: { truckId: field.id, startTime: field.time, endTime: field.time, marks: { type: 'string', enum: TRACK_MARK_SETS } },
} as const;

export const trackRoutes: ContractPlugin = async (app, { services }) => {
  app.get<{ Querystring: TrackQuery }>(
    TRACK_CALL_PATH,
    { config: { access: PLAYBACK_SCREENS }, schema: { querystring: TRACK_QUERY } },
    async (request) => {
      const { truckId, startTime, endTime } = request.query;
      const problem = trackRangeProblem(startTime, endTime);
      if (problem) return failText(request, 400, problem);
      const track = await readTrack(services.db, request.query, authOf(request).companyCodes, MARK_EVENT_SETS[request.query.marks ?? 'truck']);
      if (!track) return failText(request, NOT_FOUND, 'server.notFoundId', { name: translate(langOf(request), 'playback.truckId', { id: truckId }) });
      return envelope<TrackAnswer>(track);
    },
  );
};
