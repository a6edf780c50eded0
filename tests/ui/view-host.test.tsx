// Kept-alive views: a typed form value survives switching tabs; a noCache view and a refreshed view start afresh.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ViewHost } from '../../src/app/layout/ViewHost';
import type { Tab } from '../../domain/shell/tab-strip';

function Form({ path }: { path: string }) {
  return (
    <label>
      {path}
      <input aria-label={`field of ${path}`} />
    </label>
  );
}

const TRACK = '/monitor/track_map';
const LEVEL = '/cargo_monitor/event_report/level_trend';
const tabs = (refresh = 0): Tab[] => [
  { path: '/dashboard', refreshKey: 0 },
  { path: TRACK, refreshKey: refresh },
  { path: LEVEL, refreshKey: 0 },
];

function show(active: string, list = tabs()) {
  return <ViewHost tabs={list} active={active} render={(path) => <Form path={path} />} />;
}

const field = (path: string) => screen.getByLabelText(`field of ${path}`) as HTMLInputElement;

describe('ViewHost', () => {
  afterEach(cleanup);

  it('keeps a typed value in a cached view while another tab is on screen', () => {
    const view = render(show(TRACK));
    fireEvent.change(field(TRACK), { target: { value: '京A12345' } });
    view.rerender(show(LEVEL));
    expect(field(TRACK).closest('section')?.hidden).toBe(true);
    expect(field(LEVEL).closest('section')?.hidden).toBe(false);
    view.rerender(show(TRACK));
    expect(field(TRACK).value).toBe('京A12345');
  });

  it('mounts the noCache dashboard only while it is on screen, so its value does not survive', () => {
    const view = render(show('/dashboard'));
    fireEvent.change(field('/dashboard'), { target: { value: 'typed' } });
    view.rerender(show(TRACK));
    expect(screen.queryByLabelText('field of /dashboard')).toBeNull();
    view.rerender(show('/dashboard'));
    expect(field('/dashboard').value).toBe('');
  });

  it('starts a refreshed view afresh', () => {
    const view = render(show(TRACK));
    fireEvent.change(field(TRACK), { target: { value: 'typed' } });
    view.rerender(show(TRACK, tabs(1)));
    expect(field(TRACK).value).toBe('');
  });

  it('drops a closed tab view and its state', () => {
    const view = render(show(TRACK));
    fireEvent.change(field(TRACK), { target: { value: 'typed' } });
    view.rerender(show(LEVEL, tabs().filter((tab) => tab.path !== TRACK)));
    expect(screen.queryByLabelText(`field of ${TRACK}`)).toBeNull();
  });
});
