// Which routes render the master-data screen: those with a definition; every route has a screen, any other path says so.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../src/app/i18n';
import { hasScreen, viewFor } from '../../../src/app/views/view-for';
import { ROUTES } from '../../../domain/routes';
import { CUSTOM_SCREEN_PATHS } from '../../../domain/screens/registry';
import { CUSTOM_SCREENS } from '../../../src/app/views/custom-screens';
import { entityFor } from '../../../domain/screens/entities/registry';
import { entityServer } from './entity-server';
import { SLOW } from './entity-screen';

function show(path: string) {
  render(<Router hook={memoryLocation({ path }).hook}>{viewFor(path)}</Router>);
}

describe('the settings routes', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('render the master-data screen of a route with a definition', async () => {
    const path = '/setting/base_data/park';
    const def = entityFor(path);
    if (!def) throw new Error('no park definition');
    entityServer(def, []);
    show(path);
    expect(await screen.findByRole('search', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '停车场' })).toBeTruthy();
  });

  it('give every route of the menu its screen (none says "not available yet")', () => {
    expect(ROUTES.length).toBe(127);
    expect(ROUTES.filter((route) => !hasScreen(route.path)).map((route) => route.path)).toEqual([]);
  });

  it('give each route of its own screen in the registry one component', () => {
    expect(Object.keys(CUSTOM_SCREENS).sort()).toEqual([...CUSTOM_SCREEN_PATHS].sort());
  });

  it('keep "not available yet" for a path that is no route', () => {
    expect(hasScreen('/monitor/no_such_screen')).toBe(false);
    show('/monitor/no_such_screen');
    expect(screen.getByText('此页面尚未开放')).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
  });
});
