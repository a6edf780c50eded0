// The video wall: switching 1 / 4 / 9 panes, a pane chosen by click or arrow keys and given a truck and channel, and
// the layout and assignments kept across a reload (the browser's storage), each user's own on a shared browser.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../../../src/app/i18n';
import { VideoWall } from '../../../../src/app/monitor/video/VideoWallView';
import type { LoadStream } from '../../../../src/app/monitor/video/VideoPane';
import type { VideoTrucks } from '../../../../src/app/monitor/video/use-video-trucks';
import { EMPTY_WALL, loadWall, movePane, parseWall, WALL_KEY, wallKey } from '../../../../src/app/monitor/video/wall-state';

const TRUCKS: VideoTrucks = {
  plates: [{ signCode: '沪A10001', companyName: '东城公司' }, { signCode: '沪A10002', companyName: '东城公司' }],
  truckIdOf: (plate) => ({ 沪A10001: 1, 沪A10002: 2 })[plate],
  online: () => true,
};
const load: LoadStream = async (source) => ({ state: 'noSignal', signCode: source.plate, channel: source.channel, reason: 'offline' });
const USER = 7;
const show = (userId: number | undefined) =>
  render(<VideoWall trucks={TRUCKS} offered userId={userId} load={load} play={async () => ({ destroy() {} })} />);
const grid = () => screen.getByRole('group', { name: '视频画面' });
const panes = () => within(grid()).getAllByRole('figure');

async function assign(plate: string, channel: number) {
  const combo = screen.getAllByRole('combobox').find((element) => element.tagName === 'INPUT');
  if (!combo) throw new Error('no plate combobox');
  act(() => combo.focus());
  fireEvent.change(combo, { target: { value: plate.slice(-3) } });
  fireEvent.click(screen.getByRole('option', { name: new RegExp(plate) }));
  fireEvent.change(screen.getByRole('combobox', { name: '通道' }), { target: { value: String(channel) } });
  await waitFor(() => expect(screen.getByRole('button', { name: '分配' })).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByRole('button', { name: '分配' }));
}

describe('the video wall', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('switches between 1, 4 and 9 panes', () => {
    show(USER);
    expect(panes()).toHaveLength(4);
    fireEvent.click(screen.getByRole('radio', { name: '9画面' }));
    expect(panes()).toHaveLength(9);
    expect(grid().dataset['layout']).toBe('9');
    fireEvent.click(screen.getByRole('radio', { name: '1画面' }));
    expect(panes()).toHaveLength(1);
  });

  it('assigns a truck\'s channel to the chosen pane and keeps the wall across a reload', async () => {
    show(USER);
    fireEvent.click(screen.getByRole('button', { name: '画面2' }));
    expect(screen.getByRole('button', { name: '画面2' }).getAttribute('aria-pressed')).toBe('true');
    await assign('沪A10002', 3);
    await waitFor(() => expect(screen.getByRole('figure', { name: '沪A10002 通道3' }).dataset['reason']).toBe('offline'));
    fireEvent.click(screen.getByRole('radio', { name: '9画面' }));
    expect(loadWall(USER).layout).toBe(9);
    expect(loadWall(USER).panes.slice(0, 3)).toEqual([null, { truckId: 2, plate: '沪A10002', channel: 3 }, null]);
    cleanup();
    show(USER);
    expect(panes()).toHaveLength(9);
    expect(panes()[1]?.getAttribute('aria-label')).toBe('沪A10002 通道3');
    // Cleared, it is empty again and stays so.
    fireEvent.click(screen.getByRole('button', { name: '沪A10002 通道3' }));
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(panes()[1]?.getAttribute('aria-label')).toBe('画面2');
    expect(parseWall(localStorage.getItem(wallKey(USER))).panes[1]).toBeNull();
  });

  it('keeps each user\'s wall apart on a shared browser: the next user sees none of the previous one\'s plates', async () => {
    // A wall stored before walls were per user: someone's plates, shown to nobody, and gone once a wall is saved.
    localStorage.setItem(WALL_KEY, JSON.stringify({ layout: 4, panes: [{ truckId: 1, plate: '沪A10001', channel: 1 }] }));
    show(USER);
    expect(panes()[0]?.getAttribute('aria-label')).toBe('画面1');
    await assign('沪A10002', 2);
    await waitFor(() => expect(panes()[0]?.getAttribute('aria-label')).toBe('沪A10002 通道2'));
    expect(localStorage.getItem(WALL_KEY)).toBeNull();
    cleanup();

    show(8);
    expect(panes().map((pane) => pane.getAttribute('aria-label'))).toEqual(['画面1', '画面2', '画面3', '画面4']);
    expect(screen.queryByText(/沪A1000/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '1画面' }));
    cleanup();

    // The first user's wall is theirs again; the second's layout stayed the second's.
    show(USER);
    expect(panes()[0]?.getAttribute('aria-label')).toBe('沪A10002 通道2');
    expect(loadWall(8).layout).toBe(1);
    expect(loadWall(USER).layout).toBe(4);
    // Without a logged-in user nothing is read or kept.
    cleanup();
    show(undefined);
    expect(panes()[0]?.getAttribute('aria-label')).toBe('画面1');
    expect(loadWall(undefined)).toEqual(EMPTY_WALL);
  });

  it('moves the chosen pane with the arrow keys within the grid', () => {
    show(USER);
    fireEvent.keyDown(screen.getByRole('button', { name: '画面1' }), { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: '画面2' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(screen.getByRole('button', { name: '画面2' }), { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: '画面4' }).getAttribute('aria-pressed')).toBe('true');
    expect(movePane(8, 9, 'ArrowRight')).toBe(8);
    expect(movePane(4, 9, 'ArrowUp')).toBe(1);
  });

  it('reads a broken stored wall as an empty one', () => {
    const wall = parseWall('{"layout":5,"panes":[{"truckId":"x"},{"truckId":3,"plate":"沪A1","channel":99}]}');
    expect(wall.layout).toBe(4);
    expect(wall.panes).toEqual(Array.from({ length: 9 }, () => null));
    expect(parseWall('not json').layout).toBe(4);
  });
});
