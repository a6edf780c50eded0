// The tables of the device-parameter screens (server/db/schema-device-params.ts), as entity definitions name them.
export type DeviceParamEntityTable = 'upgradeFile' | 'remoteTemplate' | 'truckCamera' | 'truckParameter' | 'tankTable' | 'atgTankTable' | 'paramChange';
