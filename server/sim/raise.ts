// Alarms on demand (SimControl.raiseAlarm): any catalogue type, with properties as real as the truck's state allows.
import type { AlarmTypeId } from '../../domain/alarm-types';
import type { ProcessState } from '../../domain/process-states';
import type { NewAlarm } from '../store/alarms';
import {
  DEVICE_SPEED_LIMIT, OVERLONG_WORK_MIN, SPEED_LIMIT, abnormalOilAlarm, genericAlarm, highLossAlarm, overlongWorkAlarm, overspeedAlarm,
} from './alarm-props';
import { nextTaskCode } from './cargo';
import { detailsFor } from './incidents';
import type { Rng } from './random';
import { PRODUCTS, density, roundVt } from './tanks';
import { PIPE_LITRES_PER_MM } from './unloading';
import type { TruckSim } from './truck-sim';

const MIN = 60_000;

/** Cargo alarms only make sense on a tanker; the rest can fall on any truck. */
export function needsTanker(type: AlarmTypeId): boolean {
  return type === 1 || type === 3 || type === 202 || type === 204 || type === 205;
}

function tankVolume(t: TruckSim, index: number): number {
  const tank = t.tanks[index];
  if (!tank) return 5000;
  return tank.vt > 0 ? tank.vt : tank.capacity * 0.92;
}

export function syntheticAlarm(type: AlarmTypeId, t: TruckSim, now: number, rng: Rng): NewAlarm {
  switch (type) {
    case 202: {
      const loadVolume = t.trip?.loadVolume || t.tanks.reduce((sum, _tank, i) => sum + tankVolume(t, i), 0) || 20_000;
      const rate = rng.chance(0.8) ? rng.float(0.0032, 0.009) : -rng.float(0.0032, 0.006);
      return highLossAlarm(t, {
        loadVolume, loss: loadVolume * rate, startTime: now - rng.int(60, 180) * MIN, endTime: now,
        startArea: t.trip?.startArea || t.spec.home.area, endArea: t.area,
      }, now);
    }
    case 203:
      return overlongWorkAlarm(t, now, Math.max(OVERLONG_WORK_MIN + rng.int(1, 90), (now - t.shiftStart) / MIN));
    case 205: {
      const index = rng.int(0, Math.max(0, t.tanks.length - 1));
      const planned = t.tanks[index]?.plannedOilCode ?? 92;
      const actual = rng.pick(PRODUCTS.map(([code]) => code).filter((code) => code !== planned));
      const volume = tankVolume(t, index);
      return abnormalOilAlarm(t, now, {
        taskCode: t.trip?.taskCode || nextTaskCode(t), tankSequence: index + 1, oilCode: planned, mass: volume * density(planned),
        actualOilCode: actual, actualMass: volume * density(actual),
      });
    }
    case 2:
    case 45: {
      const limit = type === 45 ? DEVICE_SPEED_LIMIT : SPEED_LIMIT;
      const subject = { spec: t.spec, lat: t.lat, lng: t.lng, area: t.area, speed: Math.max(t.speed, limit + rng.int(3, 15)) };
      return overspeedAlarm(subject, type, now);
    }
    case 1:
      return genericAlarm(t, 1, now, { compartment: rng.int(1, Math.max(1, t.tanks.length)), process: 'transporting' satisfies ProcessState });
    case 3: {
      // The properties a simulated pipe_water row's alarm carries (unloading.ts).
      const waterMm = rng.int(5, 40);
      const facts = { compartment: rng.int(1, Math.max(1, t.tanks.length)), waterMm, waterVolume: roundVt(waterMm * PIPE_LITRES_PER_MM), process: 'unloading_takeover' satisfies ProcessState };
      return genericAlarm(t, 3, now, facts, '卸油管道存水');
    }
    case 4:
      return genericAlarm(t, 4, now, { durationMin: rng.int(20, 60) });
    case 7:
      return genericAlarm(t, 7, now, { lastGpsTime: t.gpsTime ?? now, offlineMinutes: rng.int(10, 120) });
    default:
      return genericAlarm(t, type, now, detailsFor(type, t));
  }
}
