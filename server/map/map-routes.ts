// GET /map/base and GET /map/config (issue 16, docs/map.md): the offline base map of the caller's companies, for any
// holder of a monitor screen, and the deployment's base layer, for any logged-in user.
import { MAP_CALL_PATHS, type BaseMap, type MapConfig } from '../../src/domain/map/base-map';
import { envelope } from '../../src/domain/wire/envelope';
import { authOf } from '../auth/guard';
import type { ContractPlugin } from '../routes/plugin';
import { readBaseMap } from './base-map-read';

export const mapRoutes: ContractPlugin = async (app, { services }) => {
  app.get(MAP_CALL_PATHS.config, { config: { access: 'shell' } }, async () => envelope<MapConfig>(services.map));

  // A group admits a role holding it whole or any one of its screens (auth/access.ts grantedGroups): the map is drawn
  // on the monitor board's screens (the track map, the sprinkler monitoring, playback) and on the base data's fence
  // screens.
  app.get(MAP_CALL_PATHS.base, { config: { access: ['monitor', 'base_data'] } }, async (request) =>
    envelope<BaseMap>(await readBaseMap(services.db, authOf(request).companyCodes)),
  );
};
