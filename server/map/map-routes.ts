// GET /map/base and GET /map/config (docs/map.md): the offline base map of the caller's companies, for whoever
// holds a screen that draws a map, and the deployment's base layer (no data of anyone's), for any logged-in user.
import { MAP_CALL_PATHS, type BaseMap, type MapConfig } from '../../domain/map/base-map';
import type { RoutePath } from '../../domain/routes';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import type { ContractPlugin } from '../routes/plugin';
import { readBaseMap } from './base-map-read';

/** The monitor board's map screens and the base data's fence screens. */
const MAP_SCREENS: readonly RoutePath[] = [
  '/monitor/track_map', '/monitor/playback_track', '/monitor/sprinkler_monitoring', '/monitor/sprinkler_playback_track',
  '/setting/base_data/user_enclosure', '/setting/base_data/enclosure_approval',
];

export const mapRoutes: ContractPlugin = async (app, { services }) => {
  app.get(MAP_CALL_PATHS.config, { config: { access: 'shell' } }, async () => envelope<MapConfig>(services.map));

  app.get(MAP_CALL_PATHS.base, { config: { access: MAP_SCREENS } }, async (request) =>
    envelope<BaseMap>(await readBaseMap(services.db, authOf(request).companyCodes)),
  );
};
