// Which links may be stored and followed as quick visits: a path of the route registry, with an optional query.
import { ROUTES } from '../routes';

const PATHS: ReadonlySet<string> = new Set(ROUTES.map((route) => route.path));

/**
 * A query of RFC 3986's query characters only: no whitespace or control character (Chromium drops a tab from
 * `/\t/evil.example` and goes off-site), no backslash, no fragment.
 */
const QUERY = /^[A-Za-z0-9\-._~%!$&'()*+,;=:@/?]*$/;

/**
 * True for a link to a console screen, e.g. `/monitor/track_map` or `/driving_monitor/exception_report/alarm_urgent?name=alarmPop`:
 * its path is exactly a registered route, so it can never name another site, a scheme or a file of the server.
 */
export function isConsoleLink(url: string): boolean {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  return PATHS.has(path) && (mark === -1 || QUERY.test(url.slice(mark + 1)));
}
