// A time in a screen's URL query: epoch milliseconds, or nothing when absent, blank or not a whole number.
export function readQueryTime(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const ms = Number(value);
  return Number.isSafeInteger(ms) ? ms : undefined;
}
