// A coarse "area" for an address: the server has no geo-IP database, so it tells local networks from the rest.
import { translate, type Lang } from '../../domain/i18n';

const LOCAL = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^::1$/, /^::ffff:127\./, /^fe80:/i, /^fc/i, /^fd/i];

export function areaOf(ip: string, lang: Lang): string {
  return translate(lang, LOCAL.some((re) => re.test(ip)) ? 'server.areaLocal' : 'server.areaUnknown');
}
