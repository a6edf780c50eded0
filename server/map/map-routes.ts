// GET /map/base and GET /map/config (issue 16, docs/map.md): the offline base map of the caller's companies, for any
// holder of a monitor screen, and the deployment's base layer, for any logged-in user.
import { MAP_CALL_PATHS, type BaseMap, type MapConfig } from '../../src/domain/map/base-map';
import { envelope } from '../../src/domain/wire/envelope';
import { authOf } from '../auth/guard';
import { mapConfigOf } from '../config';
import type { ContractPlugin } from '../routes/plugin';
import { readBaseMap } from './base-map-read';

export const mapRoutes: ContractPlugin = async (app, { services }) => {
  // The MAP_* settings as main.ts read them (configFromEnv refused bad ones before the app was built): the services
  // carry no settings of the map, and these never change while the server runs.
  const settings = mapConfigOf(process.env);

  app.get(MAP_CALL_PATHS.config, { config: { access: 'shell' } }, async () => envelope<MapConfig>(settings));

  // 'monitor' admits a role holding the whole group or any one of its screens (auth/access.ts grantedGroups): the map
  // is drawn on several of them (the track map, the sprinkler monitoring, playback).
  app.get(MAP_CALL_PATHS.base, { config: { access: 'monitor' } }, async (request) =>
    envelope<BaseMap>(await readBaseMap(services.db, authOf(request).companyCodes)),
  );
};
