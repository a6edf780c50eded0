// The top bar's menu search from the keyboard: the shortcut focuses it, arrows choose, Enter opens, Escape leaves.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { MenuSearch } from '../../src/app/layout/MenuSearch';
import { initI18n, switchLang } from '../../src/app/i18n';
import type { MenuLink } from '../../domain/shell/menu';

const LINKS: MenuLink[] = [
  { kind: 'link', path: '/monitor/track_map', title: { key: 'route.monitor.track_map', text: '' } },
  { kind: 'link', path: '/monitor/playback_track', title: { key: 'route.monitor.playback_track', text: '' } },
  { kind: 'link', path: '/legacy/old', title: { text: '旧报表' } },
];

function setup() {
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <Router hook={location.hook}>
      <MenuSearch links={LINKS} />
    </Router>,
  );
  return { location, input: screen.getByRole('combobox') as HTMLInputElement };
}

describe('MenuSearch', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('focuses on Ctrl+K and on / typed outside a field', () => {
    const { input } = setup();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(input);
  });

  it('lists matches, moves with the arrows and opens the chosen one with Enter', () => {
    const { input, location } = setup();
    input.focus();
    fireEvent.change(input, { target: { value: '轨迹' } });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.querySelector('small')?.textContent)).toEqual(['/monitor/playback_track']);
    fireEvent.change(input, { target: { value: 'monitor' } });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    const chosen = screen.getAllByRole('option')[1]?.querySelector('small')?.textContent;
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(location.history?.at(-1)).toBe(chosen);
    expect(input.value).toBe('');
  });

  it('searches the server name of an entry the registry does not know', () => {
    const { input } = setup();
    input.focus();
    fireEvent.change(input, { target: { value: '旧报表' } });
    expect(screen.getAllByRole('option').map((o) => o.querySelector('small')?.textContent)).toEqual(['/legacy/old']);
  });

  it('searches the titles of the language on screen', async () => {
    const { input } = setup();
    await switchLang('en');
    input.focus();
    fireEvent.change(input, { target: { value: 'Live map' } });
    expect(screen.getAllByRole('option')[0]?.querySelector('span')?.textContent).toBe('Live map');
  });

  it('says so when nothing matches, and Escape clears the query', () => {
    const { input } = setup();
    input.focus();
    fireEvent.change(input, { target: { value: 'qqqqzzzz' } });
    expect(screen.getByRole('status').textContent).toBe('没有匹配的菜单');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });
});
