// Every answer of the server is the spec's JSON envelope; errors are texts in the caller's language.
import type { FastifyRequest } from 'fastify';
import { toLang, translate, type Lang, type LocaleKey, type LocaleValues } from '../src/domain/i18n';
import type { Envelope } from '../src/domain/wire/envelope';

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { resultCode: 200, message, data };
}

export function fail(resultCode: number, message: string): Envelope<null> {
  return { resultCode, message, data: null };
}

/** The caller's language: the `language` cookie the console keeps (spec §1), zh when absent. */
export function langOf(request: FastifyRequest): Lang {
  return toLang(request.cookies?.language);
}

export function failText(request: FastifyRequest, resultCode: number, key: LocaleKey, values?: LocaleValues): Envelope<null> {
  return fail(resultCode, translate(langOf(request), key, values));
}
