// Runtime checks for untrusted JSON values, shared by the wire parsers.
import type { WireTime } from './entities';

export type JsonRecord = Readonly<Record<string, unknown>>;

/** A plain JSON object: not null, not an array. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON has no NaN or Infinity, so a non-finite number means the value was not wire data. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Alarm sequence numbers are non-negative safe integers. */
export function isSeq(value: unknown): value is number {
  return isSafeInteger(value) && value >= 0;
}

/** Epoch milliseconds, epoch seconds (10 digits) or date-time text; an empty string is no time. */
export function isWireTime(value: unknown): value is WireTime {
  return isFiniteNumber(value) || (typeof value === 'string' && value.trim() !== '');
}

/** Legacy Java backends send null for an empty text; the console shows it as empty. */
export function readText(value: unknown): string | undefined {
  if (value === null) return '';
  return typeof value === 'string' ? value : undefined;
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** JSON text as a value, or undefined when the text is empty or not JSON (stored items, frames). */
export function parseJsonText(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
