// The fleet's SIM cards and what was bought for them, seeded with the trucks so the SIM-card and SMS-recharge screens
// show real rows: one card per truck (its terminal phone), its carrier by number range, opened with the device, and
// an SMS package or two bought since; and a repair card per service depot.
import type { SqlValue } from './sql';
import type { Rng } from './random';

const DAY = 86_400_000;

/** The carriers' mobile number ranges (the first three digits), as the simulator's phones use them. */
const CARRIER_BY_PREFIX: Readonly<Record<string, string>> = {
  '135': 'chinaMobile', '136': 'chinaMobile', '137': 'chinaMobile', '138': 'chinaMobile', '139': 'chinaMobile',
  '147': 'chinaMobile', '150': 'chinaMobile', '158': 'chinaMobile', '186': 'chinaUnicom', '189': 'chinaTelecom',
};

/** ICCIDs start 89 86 (telecom, China) and the issuer's two digits; 20 digits in all. */
const ISSUER: Readonly<Record<string, string>> = { chinaMobile: '00', chinaUnicom: '01', chinaTelecom: '03' };

interface SeededTruck {
  readonly id: number;
  readonly phone: string;
  readonly companyCode: string;
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');

export function simCardRows(trucks: readonly SeededTruck[], rng: Rng, now: number): SqlValue[][] {
  return trucks.map((t) => {
    const carrier = CARRIER_BY_PREFIX[t.phone.slice(0, 3)] ?? 'chinaMobile';
    const opened = Math.floor((now - rng.int(60, 1500) * DAY) / DAY) * DAY;
    return [t.phone, `8986${ISSUER[carrier] ?? '00'}${digits(rng, 14)}`, carrier, t.companyCode, t.id, opened, '', 1];
  });
}

/** SMS packages: one to three per card over the last year, 50 to 200 yuan at 0.1 yuan a message. */
export function rechargeRows(trucks: readonly SeededTruck[], rng: Rng, now: number): SqlValue[][] {
  return trucks.flatMap((t) =>
    Array.from({ length: rng.int(1, 3) }, () => {
      const amount = rng.pick([50, 100, 200]);
      return [t.phone, t.companyCode, amount, amount * 10, Math.floor((now - rng.int(1, 365) * DAY) / DAY) * DAY, '', 1];
    }),
  );
}

interface SeededDepot {
  readonly code: string;
  readonly companyCode: string;
}

export function repairCardRows(depots: readonly SeededDepot[], rng: Rng, now: number): SqlValue[][] {
  return depots.map((d, i) => [`RC${String(i + 1).padStart(5, '0')}`, d.companyCode, Math.floor((now - rng.int(10, 700) * DAY) / DAY) * DAY, '车队管理员', `${d.code} 维修结算`, 1]);
}
