// A server over a small seeded fleet with its own camera rows instead of the seed's: the operator's company's trucks as the no-signal
// cases need them (streaming, offline, no camera, video and recording off), another company's truck for scope, and
// fixes for recordings. Stream files are fetched as hls.js fetches them, with the session's header-id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRUCK_STATUS } from '../../../domain/truck-status';
import type { Db } from '../../../server/db/open';
import { seedFleet } from '../../../server/sim';
import { API, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

interface VideoTrucks {
  /** C002, online, 4 channels, video and recording on. */
  readonly streaming: number;
  /** C002, offline, camera on. */
  readonly offline: number;
  /** C002, online, no camera row. */
  readonly noCamera: number;
  /** C002, online, video and recording off. */
  readonly cameraOff: number;
  /** Not C002 (the operator's only company), camera on. */
  readonly foreign: number;
}

export interface VideoServer {
  readonly server: RunningServer;
  readonly trucks: VideoTrucks;
  readonly tokens: ReadonlyMap<string, string>;
  readonly mediaDir: string;
}

async function addCamera(db: Db, truckId: number, channels: number, on: boolean): Promise<void> {
  const truck = await db.selectFrom('truck').select('companyCode').where('id', '=', truckId).executeTakeFirstOrThrow();
  await db.insertInto('truckCamera').values({
    companyCode: truck.companyCode, truckId, terminalPhone: '13800000000', totalChannels: channels, dualIp: '10.0.0.1:6605',
    recording: on ? 1 : 0, realtimeVideo: on ? 1 : 0, hdLine: 1,
  }).execute();
}

async function setOnline(db: Db, truckId: number, online: boolean): Promise<void> {
  await db.updateTable('truckLive').set({ status: online ? TRUCK_STATUS.empty : TRUCK_STATUS.offline }).where('truckId', '=', truckId).execute();
}

export async function startVideoServer(): Promise<VideoServer> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-video-test-'));
  let trucks: VideoTrucks | undefined;
  const server = await startServer({
    mediaDir,
    prepare: async (services) => {
      const db = services.db;
      await seedFleet(db, { seed: 16, trucks: 24 });
      // The seed's cameras replaced by this fixture's cases.
      await db.deleteFrom('truckCamera').execute();
      const own = await db.selectFrom('truck').select('id').where('companyCode', '=', 'C002').orderBy('id').execute();
      const other = await db.selectFrom('truck').select('id').where('companyCode', '=', 'C003').orderBy('id').executeTakeFirstOrThrow();
      const [streaming, offline, noCamera, cameraOff] = own.map((row) => row.id);
      if (streaming === undefined || offline === undefined || noCamera === undefined || cameraOff === undefined) throw new Error('the seed gave C002 fewer than 4 trucks');
      trucks = { streaming, offline, noCamera, cameraOff, foreign: other.id };
      await addCamera(db, streaming, 4, true);
      await addCamera(db, offline, 4, true);
      await addCamera(db, cameraOff, 2, false);
      await addCamera(db, other.id, 1, true);
      for (const id of [streaming, noCamera, cameraOff, other.id]) await setOnline(db, id, true);
      await setOnline(db, offline, false);
    },
  });
  if (!trucks) throw new Error('not prepared');
  const tokens = new Map<string, string>();
  for (const user of ['admin', 'operator', 'garden']) tokens.set(user, (await login(server.url, user)).token);
  return { server, trucks, tokens, mediaDir };
}

/** A stream file as hls.js asks for it: the path below the base path the call answered, with the header-id. */
export async function fetchFile(base: string, file: string, token: string | undefined): Promise<Response> {
  return fetch(`${base}${API}${file}`, { headers: token ? { 'header-id': token } : {} });
}

/** The segment names of a playlist's text. */
export const segmentsOf = (playlist: string) => playlist.split('\n').filter((line) => line.endsWith('.ts'));
