// The shape every form rule shares: the locale key of the problem, or undefined when the value is fine.
import type { LocaleKey } from '../i18n';

export type RuleResult = LocaleKey | undefined;
type Rule<T> = (value: T) => RuleResult;

/** Runs rules in order and reports the first problem, so "required" wins over a format message. */
export function firstProblem<T>(value: T, ...rules: readonly Rule<T>[]): RuleResult {
  for (const rule of rules) {
    const problem = rule(value);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Empty for a form: nothing, NaN, or only whitespace. */
export function isBlank(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  return value.trim() === '';
}
