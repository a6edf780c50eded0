// Another process's resident memory as Linux counts it (/proc/<pid>/status): now, and its peak since a reset, so a test
// or benchmark measures the high-water mark of one stretch of work rather than of the process's start-up.
import fs from 'node:fs';

const MEMORY_LINE = /^(VmRSS|VmHWM):\s+(\d+) kB$/gm;

function statusBytes(pid: number): { readonly rss: number; readonly peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const values = new Map([...status.matchAll(MEMORY_LINE)].map((match) => [match[1], Number(match[2]) * 1024]));
  const rss = values.get('VmRSS');
  const peak = values.get('VmHWM');
  if (rss === undefined || peak === undefined) throw new Error(`no memory figures in /proc/${pid}/status`);
  return { rss, peak };
}

/** Resident memory now. */
export const residentBytes = (pid: number): number => statusBytes(pid).rss;

/** The most resident memory since the last `resetPeak` (or the start). */
export const peakResidentBytes = (pid: number): number => statusBytes(pid).peak;

/** Sets the peak back to the memory resident now (proc(5), clear_refs "5"). */
export function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
