// Number display: rounding on the decimal text, thousand separators and k/M/G/T/P/E abbreviations.

/**
 * Moves the decimal point `places` to the right by editing the number's decimal text rather than
 * multiplying, so 0.00000015 shifted by 3 is exactly 0.00015 and not 0.00014999….
 */
export function shiftDecimal(x: number, places: number): number {
  const [mantissa = '', exponent = '0'] = String(x).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/**
 * Rounds half away from zero at `decimals` places, judged on the number as it is written
 * (1.005 → 1.01), where `toFixed` judges the binary value (1.005.toFixed(2) is '1.00').
 */
export function roundDecimal(x: number, decimals: number): number {
  if (!Number.isFinite(x)) return x;
  const magnitude = shiftDecimal(Math.round(shiftDecimal(Math.abs(x), decimals)), -decimals);
  return x < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/** `roundDecimal` then fixed decimals; never renders "-0.00". */
export function toFixedDecimal(x: number, decimals: number): string {
  return roundDecimal(x, decimals).toFixed(decimals);
}

/**
 * Groups the integer part with ','. Without `decimals` the fraction is kept as written
 * (1234.5678 → '1,234.5678'); with it the value is rounded first. Non-finite → ''.
 * Magnitudes where JavaScript itself writes an exponent (≥ 1e21, < 1e-6) keep it.
 */
export function formatThousands(n: number, decimals?: number): string {
  if (!Number.isFinite(n)) return '';
  const text = decimals === undefined ? String(n) : toFixedDecimal(n, decimals);
  const negative = text.startsWith('-');
  const [integer = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

const SI_UNITS = [
  { exponent: 0, symbol: '' },
  { exponent: 3, symbol: 'k' },
  { exponent: 6, symbol: 'M' },
  { exponent: 9, symbol: 'G' },
  { exponent: 12, symbol: 'T' },
  { exponent: 15, symbol: 'P' },
  { exponent: 18, symbol: 'E' },
] as const;

function stripTrailingZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * Short form with an SI suffix, e.g. 1500 → '1.5k', 999950 → '1M' (rounding up to 1000 of a
 * unit moves to the next unit). Rounds to `digits` decimals and drops trailing zeros. Non-finite → ''.
 */
export function abbreviate(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return '';
  const decimals = Math.min(20, Math.max(0, Math.trunc(digits)));
  const abs = Math.abs(n);
  let unitIndex = Math.max(0, SI_UNITS.findLastIndex((unit) => abs >= 10 ** unit.exponent));
  const scaledIn = (index: number) => roundDecimal(shiftDecimal(abs, -(SI_UNITS[index]?.exponent ?? 0)), decimals);
  let scaled = scaledIn(unitIndex);
  if (scaled >= 1000 && unitIndex < SI_UNITS.length - 1) {
    unitIndex += 1;
    scaled = scaledIn(unitIndex);
  }
  const sign = n < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${stripTrailingZeros(scaled.toFixed(decimals))}${SI_UNITS[unitIndex]?.symbol ?? ''}`;
}
