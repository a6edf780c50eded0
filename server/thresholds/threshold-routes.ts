// Calls for what the alarm-threshold screens need beyond their entity definitions.
import type { ContractPlugin } from '../routes/plugin';

export const thresholdRoutes: ContractPlugin = async () => {
  // None so far: the entity calls serve their lists, forms and history; registered so such a call has its place.
};
