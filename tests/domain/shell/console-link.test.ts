// Quick-visit links: only paths of the route registry, with a query of plain URL characters, are console links.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../domain/routes';
import { isConsoleLink } from '../../../domain/shell/console-link';

describe('console links', () => {
  it('accepts every route of the registry', () => {
    expect(ROUTES.filter((route) => !isConsoleLink(route.path))).toEqual([]);
  });

  it.each([
    '/driving_monitor/exception_report/alarm_urgent?name=alarmPop',
    '/monitor/playback_track?plate=%E6%B2%AAA12345&from=1700000000000&to=1700086400000',
    '/dashboard?',
  ])('accepts a route with its query: %s', (url) => {
    expect(isConsoleLink(url)).toBe(true);
  });

  it.each([
    ['a tab before a second slash', '/\t/evil.example'],
    ['a newline in the path', '/dashboard\n'],
    ['a protocol-relative URL', '//evil.example/dashboard'],
    ['a backslash', '/\\evil.example'],
    ['a full URL', 'https://evil.example/dashboard'],
    ['a scheme', 'javascript:alert(1)'],
    ['no leading slash', 'dashboard'],
    ['a dot segment', '/monitor/../dashboard'],
    ['a trailing slash', '/dashboard/'],
    ['a public page', '/login'],
    ['an unknown path', '/monitor/nothing'],
    ['a fragment', '/dashboard#top'],
    ['a space in the query', '/dashboard?a= b'],
    ['a tab in the query', '/dashboard?a=\tb'],
    ['a backslash in the query', '/dashboard?a=\\b'],
    ['an empty text', ''],
  ])('refuses %s', (_case, url) => {
    expect(isConsoleLink(url)).toBe(false);
  });
});
