// ctlsyscfg.txt (type 1), the controller's parameters (params spec §3.1): serial ports, the two platform servers,
// CAN and GNSS, upload timing, the camera channels each event records on, video times and work modes.
import type { ParamField, ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile } from './field-helpers';
import { BAUD_RATES } from './syscfg';

const f = paramFields('ctlsyscfg');

const server = (n: 0 | 1, addr: string, port: number): ParamField[] => [
  f.text(`server${n}Addr`, 64, addr, { showInDetail: true }),
  f.select(`server${n}AddrType`, 'addrType', [0, 1], 1),
  f.int(`server${n}TcpPort`, 0, 65535, port, { showInDetail: n === 0 }),
  f.int(`server${n}UdpPort`, 0, 65535, n === 0 ? port : 0),
];
/** Channels 1–8 as bits 0–7: which cameras record when the event happens. */
const cameraMask = (key: string, def: number) => f.int(key, 0, 255, def, { tip: true });

export const ctlsyscfg: ParamFileDef = paramFile('ctlsyscfg.txt', 1, [
  f.int('comPort1', 0, 9, 1), f.select('baudRate1', 'baudRate', BAUD_RATES, 9600),
  f.int('comPort2', 0, 9, 2), f.select('baudRate2', 'baudRate', BAUD_RATES, 115200),
  ...server(0, 'gps.example.com', 7611),
  // An empty second address: the controller sends to the first server only.
  ...server(1, '', 0),
  f.int('canPort', 0, 1, 0),
  f.select('canBaudRate', 'canBaudRate', [125, 250, 500, 1000], 250),
  f.select('gnssMode', 'gnssMode', [1, 2, 3], 3, { showInDetail: true }),
  f.int('fenceWorkMode', 0, 3, 0),
  f.int('packetSize', 256, 4096, 1024),
  f.int('uploadRetryTimes', 0, 10, 3),
  f.int('uploadRetryIntervalSeconds', 1, 600, 30),
  f.int('heartbeatInterval', 10, 600, 60),
  f.int('realtimeInterval', 1, 3600, 30),
  cameraMask('valveCameraMask', 1),
  cameraMask('bottomValveCameraMask', 1),
  cameraMask('manholeCameraMask', 2),
  cameraMask('timerCameraMask', 0),
  cameraMask('truckStopCameraMask', 0),
  cameraMask('lostConsoleCameraMask', 3),
  f.int('videoPreRecordSeconds', 0, 60, 10),
  f.int('videoRecordSeconds', 1, 600, 30),
  f.int('vrHoldTime', 1000, 600000, 5000, { tip: true, showInDetail: true }),
  f.int('dev2WorkMode', 0, 9, 0, { showInDetail: true }),
  f.select('speedSource', 'speedSource', [0, 1, 2], 0),
  // The device's own spelling ("Alarmr") is the key it reads.
  f.switch('bvsAlarmrEn', 1),
  f.int('timezone', -12, 14, 8, { tip: true, showInDetail: true }),
  f.int('modbusAddr', 1, 247, 1),
]);
