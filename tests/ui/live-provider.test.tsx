// The live provider: joins the worker once per session, connects it with the session, stops it on logout, leaves on unmount.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { LiveSession } from '../../workers/live-api';
import type { LiveClient } from '../../src/live/live-client';
import { LiveProvider, useLiveSource } from '../../src/app/live/LiveProvider';
import { liveSessionOf } from '../../src/app/live/live-session';
import type { SessionData } from '../../domain/shell/session';
import { fakeLiveSource } from '../helpers/fake-live-source';

const SESSION: LiveSession = { token: 'h-1', userName: 'operator', userPri: [{ key: 'C002' }], typeIds: '101,201' };

function fakeClient() {
  const source = fakeLiveSource();
  const api = {
    connect: vi.fn(async () => undefined), logout: vi.fn(async () => undefined), snapshot: vi.fn(async () => ({ trucks: [] })),
    setVisible: vi.fn(async (_visible: boolean) => undefined), reportInput: vi.fn(async () => undefined),
    setAlarmTypes: vi.fn(async (_typeIds: string) => undefined),
  };
  const client = {
    api: api as unknown as LiveClient['api'], hello: { clientId: 1, mode: 'shared', liveness: 'locks' },
    subscribe: source.subscribe, watchTrucks: source.watchTrucks, close: vi.fn(),
  } satisfies LiveClient;
  return { client, api, source, open: vi.fn(async () => client) };
}

function Probe() {
  return <p data-testid="probe">{useLiveSource() ? 'joined' : 'waiting'}</p>;
}

describe('LiveProvider', () => {
  afterEach(cleanup);

  it('ends the session when the server refuses it on a socket (4401)', async () => {
    const { open, source } = fakeClient();
    const refused = vi.fn();
    render(<LiveProvider session={SESSION} loggingOut={false} open={open} onSessionRefused={refused}><Probe /></LiveProvider>);
    await waitFor(() => expect(source.listeners('session.invalid')).toBe(1));
    expect(refused).not.toHaveBeenCalled();
    act(() => source.publish('session.invalid', { socket: 'alarm', code: 4401 }));
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('asks for the privileges again when the server changed the account (a socket closed with 4205)', async () => {
    const { open, source } = fakeClient();
    const changed = vi.fn();
    render(<LiveProvider session={SESSION} loggingOut={false} open={open} onAccessChanged={changed}><Probe /></LiveProvider>);
    await waitFor(() => expect(source.listeners('session.accessChanged')).toBe(1));
    act(() => source.publish('session.accessChanged', { socket: 'truck' }));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('tells the worker of this tab’s visibility and input once joined, and no more once it leaves', async () => {
    const { open, api } = fakeClient();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const view = render(<LiveProvider session={SESSION} loggingOut={false} open={open} presence={doc}><Probe /></LiveProvider>);
    await waitFor(() => expect(api.setVisible).toHaveBeenCalledExactlyOnceWith(true));
    doc.dispatchEvent(new Event('pointerdown'));
    expect(api.reportInput).toHaveBeenCalledTimes(1);
    view.unmount();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(api.setVisible).toHaveBeenCalledTimes(1);
  });

  it('does not join the worker before there is a session', () => {
    const { open } = fakeClient();
    render(<LiveProvider session={undefined} loggingOut={false} open={open}><Probe /></LiveProvider>);
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByTestId('probe').textContent).toBe('waiting');
  });

  it('joins once, connects with the session, and hands the source to the views', async () => {
    const { open, api } = fakeClient();
    const view = render(<LiveProvider session={SESSION} loggingOut={false} open={open}><Probe /></LiveProvider>);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('joined'));
    view.rerender(<LiveProvider session={SESSION} loggingOut={false} open={open}><Probe /></LiveProvider>);
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.connect).toHaveBeenCalledExactlyOnceWith(SESSION);
  });

  it('tells the worker to log out when the session logs out, and leaves the worker on unmount', async () => {
    const { open, api, client } = fakeClient();
    const view = render(<LiveProvider session={SESSION} loggingOut={false} open={open}><Probe /></LiveProvider>);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('joined'));
    expect(api.logout).not.toHaveBeenCalled();
    act(() => view.rerender(<LiveProvider session={SESSION} loggingOut open={open}><Probe /></LiveProvider>));
    expect(api.logout).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(client.close).toHaveBeenCalledTimes(1);
  });

  it('sends an alarm choice changed after the connect to the worker, once joined, without connecting again', async () => {
    const { open, api } = fakeClient();
    const view = (types: string) => (
      <LiveProvider session={SESSION} alarmTypes={types} loggingOut={false} open={open}><Probe /></LiveProvider>
    );
    const { rerender } = render(view('101,201'));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('joined'));
    // The connect carried the first choice: nothing more to send.
    expect(api.setAlarmTypes).not.toHaveBeenCalled();
    rerender(view('201'));
    await waitFor(() => expect(api.setAlarmTypes).toHaveBeenCalledExactlyOnceWith('201'));
    rerender(view('201'));
    expect(api.setAlarmTypes).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.connect).toHaveBeenCalledExactlyOnceWith(SESSION);
  });

  it('hands over a choice made before the tab joined the worker once it has', async () => {
    const { open, api, client } = fakeClient();
    let join: (joined: LiveClient) => void = () => {};
    const held = vi.fn(() => new Promise<LiveClient>((resolve) => (join = resolve)));
    const view = (types: string) => (
      <LiveProvider session={SESSION} alarmTypes={types} loggingOut={false} open={held}><Probe /></LiveProvider>
    );
    const { rerender } = render(view('101,201'));
    rerender(view('2'));
    expect(api.setAlarmTypes).not.toHaveBeenCalled();
    await act(async () => join(client));
    await waitFor(() => expect(api.setAlarmTypes).toHaveBeenCalledExactlyOnceWith('2'));
    expect(open).not.toHaveBeenCalled();
  });

  it('builds the worker session from the header-id, the user, userPri, the chosen alarm types (empty: all), the role polls and the idle limit', () => {
    const session: SessionData = {
      headerId: 'h-9', token: { id: 3, userName: 'garden' }, roles: [{ roleName: '园林局用户', superMan: false }], name: 'garden', avatar: '',
      companyCode: 'C005', companyCodes: ['C005'], customer: true, lastLoginInfo: { ip: '', area: '', time: 0 },
    };
    const shell = { menus: [], userPri: { userPri: [{ key: 'C005' }], stUserAlarm: null } };
    expect(liveSessionOf(session, shell)).toEqual({
      token: 'h-9', userName: 'garden', userPri: [{ key: 'C005' }], typeIds: EVERY_TYPE_LIST, polls: [],
    });
    const chosen = { ...shell, userPri: { ...shell.userPri, stUserAlarm: { id: 1, userId: 3, alarmTypeIds: '201' } } };
    expect(liveSessionOf(session, chosen).typeIds).toBe('201');
    const admin: SessionData = { ...session, roles: [{ roleName: '管理员', superMan: true }] };
    expect(liveSessionOf(admin, shell).polls).toEqual(['fences', 'heartbeat']);
    expect(liveSessionOf({ ...session, sessionIdleMs: 600_000 }, shell).sessionIdleMs).toBe(600_000);
  });
});
