// The spec's alerts for a browser that lacks sockets, a worker to hold them, or the HTTP transport.
import { describe, expect, it } from 'vitest';
import { abilitiesOf, supportAlerts } from '../../../domain/shell/browser-support';

const fn = () => undefined;
const full = { WebSocket: fn, SharedWorker: fn, Worker: fn, fetch: fn, XMLHttpRequest: fn };

describe('browser support', () => {
  it('asks nothing of a browser that has everything', () => {
    expect(supportAlerts(abilitiesOf(full))).toEqual([]);
  });

  it('runs live data on a dedicated worker where there is no SharedWorker', () => {
    expect(abilitiesOf({ ...full, SharedWorker: undefined }).live).toBe(true);
  });

  it.each([
    ['WebSocket', { ...full, WebSocket: undefined }],
    ['every worker', { ...full, SharedWorker: undefined, Worker: undefined }],
  ])('alerts 提示 / 访问限制 without %s', (_case, scope) => {
    expect(supportAlerts(abilitiesOf(scope))).toEqual([{ title: 'error.socketUnsupportedTitle', text: 'error.socketUnsupported' }]);
  });

  it.each([
    ['fetch', { ...full, fetch: undefined }],
    ['XMLHttpRequest', { ...full, XMLHttpRequest: 'not a constructor' }],
  ])('alerts that XMLHttp is unsupported without %s', (_case, scope) => {
    expect(supportAlerts(abilitiesOf(scope))).toEqual([{ title: 'error.socketUnsupportedTitle', text: 'error.xmlHttpUnsupported' }]);
  });

  it('gives both alerts, sockets first, to a browser with neither', () => {
    expect(supportAlerts(abilitiesOf({})).map((alert) => alert.text)).toEqual(['error.socketUnsupported', 'error.xmlHttpUnsupported']);
  });
});
