// Midnight of a day in the browser's zone: where a day's playback begins when none is asked.
export function startOfDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}
