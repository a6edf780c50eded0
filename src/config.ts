// The console's build-time settings; where its backend is lives in workers/backend-address.ts, which the worker reads too.
const env = import.meta.env;

/**
 * User names treated as water-truck users besides the 园林局用户 role (shell spec §6 names one user without showing
 * the name): VITE_WATER_TRUCK_USERS at build time, a comma list.
 */
export const WATER_TRUCK_USER_NAMES: readonly string[] = (env.VITE_WATER_TRUCK_USERS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
