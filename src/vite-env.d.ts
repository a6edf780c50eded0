/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_HOST_ROOT?: string;
  readonly VITE_WATER_TRUCK_USERS?: string;
  readonly VITE_FLEET_TIME_ZONE?: string;
}
