// Where the console finds its backend, for the worker and the tabs alike: our server by default, or a legacy backend
// speaking the same contract (VITE_API_BASE, VITE_HOST_ROOT at build time).
const env = import.meta.env;

/** Base path of the shared HTTP client (spec §7); VITE_API_BASE at build time points it elsewhere. */
export const API_BASE: string = env.VITE_API_BASE ?? '/truckmanage/api';

/** Host root for full-URL calls and sockets; empty means the page's own origin. */
export const HOST_ROOT: string = env.VITE_HOST_ROOT ?? '';
