// Server side of the envelope: error answers are texts in the caller's language.
import type { FastifyRequest } from 'fastify';
import { toLang, translate, type Lang, type LocaleKey, type LocaleValues } from '../domain/i18n';
// Every answer may carry a text in either language: the server holds both (the console, only the one it shows).
import '../domain/locale-texts';
import { failure, type Envelope } from '../domain/wire/envelope';
import { displayZone, isTimeZone, TIME_ZONE_COOKIE } from '../domain/format/zone';

/** A cookie read straight from a Cookie header, decoded; undefined when absent or not decodable. */
function cookieOf(header: string | undefined, name: string): string | undefined {
  const raw = new RegExp(`(?:^|;)\\s*${name}=([^;\\s]*)`).exec(header ?? '')?.[1];
  try {
    return raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The `language` cookie read straight from a Cookie header, for answers given before the cookie plugin ran. */
export function langOfCookieHeader(header: string | undefined): Lang {
  return toLang(cookieOf(header, 'language'));
}

/**
 * The zone the caller shows times in: the console's `time-zone` cookie when it names a zone, else the fleet's (the
 * server's display zone, FLEET_TIME_ZONE).
 */
export function zoneOf(request: FastifyRequest): string {
  const cookies = request.cookies as FastifyRequest['cookies'] | undefined;
  const zone = cookies ? cookies[TIME_ZONE_COOKIE] : cookieOf(request.headers.cookie, TIME_ZONE_COOKIE);
  return zone !== undefined && isTimeZone(zone) ? zone : displayZone();
}

/** The caller's language: the `language` cookie the console keeps (spec §1), zh when absent. */
export function langOf(request: FastifyRequest): Lang {
  const cookies = request.cookies as FastifyRequest['cookies'] | undefined;
  return cookies ? toLang(cookies.language) : langOfCookieHeader(request.headers.cookie);
}

export function failText(request: FastifyRequest, resultCode: number, key: LocaleKey, values?: LocaleValues): Envelope<null> {
  return failure(resultCode, translate(langOf(request), key, values));
}

/** A refusal that carries data for the caller to act on (the field refused, a stale row as it is now). */
export function failData<T>(request: FastifyRequest, resultCode: number, key: LocaleKey, values: LocaleValues | undefined, data: T): Envelope<T> {
  return { resultCode, message: translate(langOf(request), key, values), data };
}
