// Calls for what the alarm-threshold screens need beyond their entity definitions (issue 14).
import type { ContractPlugin } from '../routes/plugin';

export const thresholdRoutes: ContractPlugin = async () => {
  // Filled in by its part of issue 14.
};
