// Records tests/fixtures/sim-recording.ndjson from the real server: `npx tsx tests/server/live/record-fixture.ts`.
// A ws client logged in as admin receives a snapshot, row changes and alarms; each text frame is written as it arrived.
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import fs from 'node:fs';
import path from 'node:path';
import { recordAlarm } from '../../../server/store/alarms';
import { login } from '../../helpers/api';
import { startServer } from '../../helpers/server';
import { changeTruck, insertFleet, raiseAlarm, type FixtureTruck } from './fleet';
import { connect } from '../../helpers/live-client';

const OUT = path.resolve('tests/fixtures/sim-recording.ndjson');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let trucks: FixtureTruck[] = [];
const server = await startServer({ prepare: async (services) => void (trucks = await insertFleet(services)) });
const [a1, a2, b1, c1] = trucks;
if (!a1 || !a2 || !b1 || !c1) throw new Error('fixture fleet incomplete');
const { services } = server;
const { token } = await login(server.url, 'admin');

const started = Date.now();
const lines: string[] = [];
const record = (socket: 'truck' | 'alarm') => (data: Buffer, isBinary: boolean) => {
  const text = String(data);
  if (isBinary || text === 'pong') return;
  lines.push(JSON.stringify({ t: Date.now() - started, socket, data: JSON.parse(text) as unknown }));
};
const truckSocket = await connect(server.url, 'truck');
const alarmSocket = await connect(server.url, 'alarm');
truckSocket.ws.on('message', record('truck'));
alarmSocket.ws.on('message', record('alarm'));
truckSocket.send({ frequency: 1, msgType: 0, userPri: [], token });
alarmSocket.send({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'admin', token });
await pause(300);

const now = Date.now();
await changeTruck(services, a1, { status: 2, speed: 42, area: '东城区朝阳门北大街' });
await raiseAlarm(services, a1, 2);
await pause(400);
await changeTruck(services, b1, { status: 2, speed: 58 });
await recordAlarm(services.db, services.hub, {
  type: 202, truckId: b1.id, signCode: b1.signCode, companyCode: b1.companyCode, startTime: now - 3_600_000, remark: '',
  properties: {
    loss: -35.25, lossRate: -0.0021, highLossRateThreshold: 0.0015, startTime: now - 3_600_000, endTime: now,
    startArea: '西城油库', endArea: '海淀加油站', signCode: b1.signCode,
  },
});
await pause(900);
await changeTruck(services, a1, { status: 3, speed: 0 });
await changeTruck(services, c1, { status: 4, speed: 0, area: '园林局停车场' });
await recordAlarm(services.db, services.hub, {
  type: 203, truckId: a2.id, signCode: a2.signCode, companyCode: a2.companyCode, startTime: now, remark: '连续驾驶超时',
  properties: { companyName: '东城油品运输有限公司', driverWorkingDuration: 275, driver: { name: '赵师傅' } },
});
await pause(700);
await recordAlarm(services.db, services.hub, {
  type: 205, truckId: b1.id, signCode: b1.signCode, companyCode: b1.companyCode, startTime: now, remark: '',
  properties: { taskCode: 'T20260105001', tankSequence: 2, oilCode: 92, mass: 8.5, actualOilCode: 95, actualMass: 8.4 },
});
await changeTruck(services, a2, { status: 0, speed: 0 });
await raiseAlarm(services, a2, 7);
await pause(1_300);

await Promise.all([truckSocket.close(), alarmSocket.close()]);
await server.close();
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} frames to ${OUT}`);
