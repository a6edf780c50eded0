// A truck's colour on the map by its status: the top bar's badge colours, so a red dot and the red count are one thing.
import type { TruckStatusCode } from '../truck-status';

export const STATUS_COLORS: Readonly<Record<TruckStatusCode, string>> = {
  0: '#909399',
  1: '#67c23a',
  2: '#409eff',
  3: '#f56c6c',
  4: '#e6a23c',
};
