// Master-data texts that must look real and stay unique at any fleet size: plates, serial numbers, phones, drivers.
import type { Rng } from './random';

/** Chinese plates never use I or O (they read as 1 and 0). */
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const PLATE_SPACE = PLATE_LETTERS.length * 10_000;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * A seeded bijection on [0, size): i → (i·stride + offset) mod size with stride coprime to size.
 * Distinct indexes give distinct results, which is what makes plates, serials and phones unique at any count.
 */
export function permutation(size: number, rng: Rng): (i: number) => number {
  let stride = rng.int(Math.floor(size / 3), Math.floor((size * 2) / 3));
  while (gcd(stride, size) !== 1) stride += 1;
  const offset = rng.int(0, size - 1);
  return (i) => {
    if (i < 0 || i >= size) throw new Error(`index ${i} outside a permutation of ${size}`);
    // i·stride stays below 2^53 for sizes up to 1e8, so the arithmetic is exact.
    return (i * stride + offset) % size;
  };
}

interface TruckIdentity {
  readonly signCode: string;
  readonly consoleSn: string;
  readonly phone: string;
}

export const MAX_TRUCKS = PLATE_SPACE;

/** Returns a generator of unique identities: plate '沪A·D1234' (office letter from the company), SN, 11-digit SIM phone. */
export function truckIdentities(rng: Rng): (index: number, officeLetter: string) => TruckIdentity {
  const plate = permutation(PLATE_SPACE, rng);
  const sn = permutation(10_000_000, rng);
  const phone = permutation(100_000_000, rng);
  const phonePrefix = rng.pick(['145', '147', '149']); // IoT SIM ranges
  return (index, officeLetter) => {
    const k = plate(index);
    const series = PLATE_LETTERS[Math.floor(k / 10_000)] ?? 'Z';
    return {
      signCode: `沪${officeLetter}·${series}${String(k % 10_000).padStart(4, '0')}`,
      consoleSn: `ATG${String(sn(index)).padStart(7, '0')}`,
      phone: `${phonePrefix}${String(phone(index)).padStart(8, '0')}`,
    };
  };
}

const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗',
  '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '袁', '潘', '于', '蒋', '蔡',
  '余', '杜', '叶', '程', '苏', '魏', '吕', '丁', '任', '沈', '姚', '卢', '姜', '崔', '钟', '谭', '陆', '汪', '范', '金',
];
const GIVEN = [
  '伟', '强', '磊', '军', '勇', '杰', '涛', '明', '超', '辉', '刚', '平', '波', '斌', '鹏', '华', '飞', '俊', '峰', '建',
  '国', '志', '文', '海', '亮', '林', '东', '宇', '浩', '凯', '健', '龙', '春', '新', '永', '德', '成', '兵', '鑫', '晨',
  '敏', '静', '丽', '芳', '燕', '霞', '红', '艳', '玲', '娟', '荣', '庆', '福', '宝', '忠', '利', '昌', '光', '富', '卫',
];

/** A driver name not yet in `used` (the spec makes driver names unique); some first tries are two-character names. */
export function uniqueDriverName(rng: Rng, used: Set<string>): string {
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const given = attempt === 0 && rng.chance(0.3) ? rng.pick(GIVEN) : rng.pick(GIVEN) + rng.pick(GIVEN);
    const name = rng.pick(SURNAMES) + given;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  throw new Error('ran out of driver names');
}

const SHANGHAI_REGIONS = ['310101', '310104', '310105', '310106', '310107', '310109', '310110', '310112', '310113', '310114', '310115'];
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** An 18-character resident ID with a real check digit; the 17th digit's parity carries the sex as on real cards. */
export function idNumber(rng: Rng, male: boolean): string {
  const year = rng.int(1966, 1998);
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  const seq = rng.int(0, 49) * 20 + rng.int(0, 4) * 2 + (male ? 1 : 0);
  const body = `${rng.pick(SHANGHAI_REGIONS)}${year}${month}${day}${String(seq).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * (ID_WEIGHTS[i] ?? 0);
  return body + (ID_CHECK[sum % 11] ?? '0');
}

export function mobile(rng: Rng): string {
  return `${rng.pick(['135', '136', '137', '138', '139', '150', '158', '186', '189'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
}

export const MANUFACTURERS = ['上海华通电子有限公司', '北京中交兴路信息科技有限公司', '深圳锐明技术股份有限公司', '杭州海康威视数字技术股份有限公司'];
