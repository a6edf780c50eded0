// Placeholder until the simulator's event catalogue moves here (branch cargo-sim); replaced at that merge.
export type EventKind =
  | 'load' | 'unload' | 'trip' | 'spray' | 'switch_cover' | 'seal_break' | 'parking' | 'offline' | 'overspeed' | 'level'
  | 'temp_humidity' | 'mileage' | 'sign' | 'bootup' | 'undervoltage' | 'emergency_valve' | 'empty_check' | 'meter_status'
  | 'flow_change' | 'power' | 'lock_open' | 'box_door' | 'product_change' | 'pressure' | 'task_modify' | 'pipe_water'
  | 'device_fault';
