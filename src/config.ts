// Where the console finds its backend: our server by default, or a legacy backend speaking the same contract.
const env = import.meta.env;

/** Base path of the shared HTTP client (spec §7); VITE_API_BASE at build time points it elsewhere. */
export const API_BASE: string = env.VITE_API_BASE ?? '/truckmanage/api';

/** Host root for full-URL calls and sockets; empty means the page's own origin. */
export const HOST_ROOT: string = env.VITE_HOST_ROOT ?? '';

/**
 * User names treated as water-truck users besides the 园林局用户 role (shell spec §6 names one user without showing
 * the name): VITE_WATER_TRUCK_USERS at build time, a comma list.
 */
export const WATER_TRUCK_USER_NAMES: readonly string[] = (env.VITE_WATER_TRUCK_USERS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
