// Calls for a role's functions as the role_function screen reads and saves them (issue 14).
import type { ContractPlugin } from '../routes/plugin';

export const roleFunctionRoutes: ContractPlugin = async () => {
  // Filled in by its part of issue 14.
};
