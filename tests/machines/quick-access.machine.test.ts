// The quick-access machine: hover slide, list toggle, one-shot delete mode, the duplicate warning and the server's texts.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { quickAccessMachine } from '../../machines/quick-access.machine';
import type { QuickVisit, QuickVisitAddRequest } from '../../domain/wire/entities';
import { flush, scripted } from './shell-fixtures';

const TRACK: QuickVisit = { id: 1, userId: 3, quickVisitUrl: '/monitor/track_map', quickVisitName: '实时地图' };
const CARGO: QuickVisit = { id: 2, userId: 3, quickVisitUrl: '/monitor/cargo_transport', quickVisitName: '货物运输监控' };

async function start(entries: readonly QuickVisit[] = [TRACK, CARGO]) {
  const load = scripted<{ userId: number }, readonly QuickVisit[]>();
  const add = scripted<QuickVisitAddRequest, string>();
  const remove = scripted<{ id: number }, string>();
  const navigate = vi.fn();
  const notify = vi.fn();
  const reportFailure = vi.fn();
  const machine = quickAccessMachine.provide({
    actors: { loadEntries: load.logic, addEntry: add.logic, removeEntry: remove.logic },
    actions: {
      navigate: (_, url) => navigate(url),
      notify: (_, message) => notify(message),
      reportFailure: (_, error) => reportFailure(error),
    },
  });
  const actor = createActor(machine, { input: { userId: 3 } }).start();
  load.resolve(entries);
  await flush();
  return { actor, load, add, remove, navigate, notify, reportFailure };
}

describe('quick-access machine', () => {
  it('loads the user own entries on start', async () => {
    const s = await start();
    expect(s.load.inputs).toEqual([{ userId: 3 }]);
    expect(s.actor.getSnapshot().context.entries).toEqual([TRACK, CARGO]);
  });

  it('slides in while hovered and out when the pointer leaves', async () => {
    const { actor } = await start();
    expect(actor.getSnapshot().matches({ slide: 'hidden' })).toBe(true);
    actor.send({ type: 'quickAccess.pointerEnter' });
    expect(actor.getSnapshot().matches({ slide: 'shown' })).toBe(true);
    actor.send({ type: 'quickAccess.pointerLeave' });
    expect(actor.getSnapshot().matches({ slide: 'hidden' })).toBe(true);
  });

  it('toggles the list open and closed on click', async () => {
    const { actor } = await start();
    actor.send({ type: 'quickAccess.toggle' });
    expect(actor.getSnapshot().matches({ list: 'open' })).toBe(true);
    actor.send({ type: 'quickAccess.toggle' });
    expect(actor.getSnapshot().matches({ list: 'closed' })).toBe(true);
  });

  it('never follows a stored link that is not a console screen, and says why', async () => {
    const forged: QuickVisit = { id: 9, userId: 3, quickVisitUrl: '/\t/evil.example', quickVisitName: 'x' };
    const s = await start([forged, CARGO]);
    s.actor.send({ type: 'quickAccess.rowClick', entry: forged });
    expect(s.navigate).not.toHaveBeenCalled();
    expect(s.notify).toHaveBeenCalledWith({ type: 'warning', key: 'quickVisit.notConsoleLink' });
  });

  it('removes a stored link that is not a console screen in delete mode', async () => {
    const forged: QuickVisit = { id: 9, userId: 3, quickVisitUrl: '//evil.example', quickVisitName: 'x' };
    const s = await start([forged]);
    s.actor.send({ type: 'quickAccess.armDelete' });
    s.actor.send({ type: 'quickAccess.rowClick', entry: forged });
    expect(s.remove.inputs).toEqual([{ id: 9 }]);
  });

  it('does not send a page outside the route registry to be added', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.add', page: { url: '/404', name: 'no-name' } });
    expect(s.add.inputs).toEqual([]);
    expect(s.notify).toHaveBeenCalledWith({ type: 'warning', key: 'quickVisit.notConsoleLink' });
  });

  it('navigates on a row click while browsing', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.rowClick', entry: CARGO });
    expect(s.navigate).toHaveBeenCalledWith('/monitor/cargo_transport');
    expect(s.remove.inputs).toEqual([]);
  });

  it('removes instead of navigating on the row click after the minus, once, then reloads the list', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.armDelete' });
    expect(s.actor.getSnapshot().matches({ mode: 'deleteArmed' })).toBe(true);
    s.actor.send({ type: 'quickAccess.rowClick', entry: TRACK });
    expect(s.navigate).not.toHaveBeenCalled();
    expect(s.remove.inputs).toEqual([{ id: 1 }]);
    expect(s.actor.getSnapshot().matches({ mode: 'browsing' })).toBe(true);
    s.remove.resolve('移除成功');
    await flush();
    expect(s.notify).toHaveBeenCalledWith({ type: 'success', key: 'quickVisit.removeSuccess' });
    expect(s.load.inputs).toHaveLength(2);
    s.load.resolve([CARGO]);
    await flush();
    expect(s.actor.getSnapshot().context.entries).toEqual([CARGO]);
    s.actor.send({ type: 'quickAccess.rowClick', entry: CARGO });
    expect(s.navigate).toHaveBeenCalledWith('/monitor/cargo_transport');
  });

  it('disarms delete mode when the minus is pressed again', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.armDelete' });
    s.actor.send({ type: 'quickAccess.armDelete' });
    s.actor.send({ type: 'quickAccess.rowClick', entry: TRACK });
    expect(s.navigate).toHaveBeenCalledWith('/monitor/track_map');
    expect(s.remove.inputs).toEqual([]);
  });

  it('says 移除失败 when the server answers any other text', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.armDelete' });
    s.actor.send({ type: 'quickAccess.rowClick', entry: TRACK });
    s.remove.resolve('移除失败');
    await flush();
    expect(s.notify).toHaveBeenCalledWith({ type: 'error', key: 'quickVisit.removeFail' });
    expect(s.load.inputs).toHaveLength(1);
  });

  it('warns 快速访问中已存在此菜单 for a URL already listed, without calling the server', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.add', page: { url: '/monitor/track_map', name: '实时地图' } });
    expect(s.notify).toHaveBeenCalledWith({ type: 'warning', key: 'quickVisit.exists' });
    expect(s.add.inputs).toEqual([]);
  });

  it('adds a new page with the user id, says 添加成功 and reloads the list', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.add', page: { url: '/dashboard', name: '个人中心' } });
    expect(s.add.inputs).toEqual([{ userId: 3, quickVisitUrl: '/dashboard', quickVisitName: '个人中心' }]);
    s.add.resolve('添加成功');
    await flush();
    expect(s.notify).toHaveBeenCalledWith({ type: 'success', key: 'quickVisit.addSuccess' });
    expect(s.load.inputs).toHaveLength(2);
  });

  it('says 添加失败 when the add answers any other text', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.add', page: { url: '/dashboard', name: '个人中心' } });
    s.add.resolve('添加失败');
    await flush();
    expect(s.notify).toHaveBeenCalledWith({ type: 'error', key: 'quickVisit.addFail' });
    expect(s.actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
  });

  it('reports a failed call and stays usable', async () => {
    const s = await start();
    s.actor.send({ type: 'quickAccess.add', page: { url: '/dashboard', name: '个人中心' } });
    const failure = new Error('network');
    s.add.reject(failure);
    await flush();
    expect(s.reportFailure).toHaveBeenCalledWith(failure);
    expect(s.actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
  });
});
