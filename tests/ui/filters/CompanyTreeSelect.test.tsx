// The company filter through the DOM: the trigger's text, the popover tree's subtree selection and the keyboard.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { CompanyTreeSelect, type Company } from '../../../src/ui/filters';

const COMPANIES: Company[] = [
  { code: 'G', name: '集团', parentCode: null },
  { code: 'N', name: '北区', parentCode: 'G' },
  { code: 'N1', name: '北一队', parentCode: 'N' },
  { code: 'S', name: '南区', parentCode: 'G' },
  { code: 'X', name: '外协', parentCode: 'HIDDEN' },
];

function setup(initial: string[] = []) {
  const reported: string[][] = [];
  function Host() {
    const [value, setValue] = useState<string[]>(initial);
    return (
      <CompanyTreeSelect
        companies={COMPANIES}
        value={value}
        onChange={(codes) => {
          reported.push(codes);
          setValue(codes);
        }}
      />
    );
  }
  render(<Host />);
  return { reported, trigger: screen.getByRole('button', { name: /所属公司|Company/ }) };
}

const row = (name: string) => screen.getByRole('row', { name });

describe('CompanyTreeSelect', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('shows all companies while nothing is chosen, in either language', async () => {
    const { trigger } = setup();
    expect(trigger.textContent).toBe('全部公司');
    expect(trigger.getAttribute('aria-labelledby')?.split(' ')).toHaveLength(2);
    await act(() => switchLang('en'));
    expect(screen.getByRole('button', { name: 'Company All companies' }).textContent).toBe('All companies');
  });

  it('nests the companies in the popover, a company with an unseen parent at the top', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    const tree = screen.getByRole('treegrid');
    const rows = within(tree).getAllByRole('row');
    expect(rows.map((r) => [r.getAttribute('aria-label'), r.getAttribute('aria-level')])).toEqual([
      ['集团', '1'],
      ['北区', '2'],
      ['北一队', '3'],
      ['南区', '2'],
      ['外协', '1'],
    ]);
  });

  it('checking a parent reports it with its subtree and names it on the trigger', () => {
    const { trigger, reported } = setup();
    fireEvent.click(trigger);
    fireEvent.click(within(row('北区')).getByRole('checkbox'));
    expect(reported.at(-1)).toEqual(['N', 'N1']);
    expect(row('北一队').getAttribute('aria-selected')).toBe('true');
    expect(trigger.textContent).toBe('北区');
    fireEvent.click(within(row('南区')).getByRole('checkbox'));
    fireEvent.click(within(row('外协')).getByRole('checkbox'));
    expect(reported.at(-1)).toEqual(['N', 'N1', 'S', 'X']);
    expect(trigger.textContent).toBe('共3家：北区、南区');
  });

  it('unchecking a parent drops its subtree, and the All button clears the choice', () => {
    const { trigger, reported } = setup(['G', 'N', 'N1', 'S']);
    expect(trigger.textContent).toBe('集团');
    fireEvent.click(trigger);
    fireEvent.click(within(row('北区')).getByRole('checkbox'));
    expect(reported.at(-1)).toEqual(['G', 'S']);
    fireEvent.click(screen.getByRole('button', { name: '全部公司' }));
    expect(reported.at(-1)).toEqual([]);
    expect(trigger.textContent).toBe('全部公司');
  });

  it('selects from the keyboard: Enter opens, arrows move, Space checks a subtree', () => {
    const { trigger, reported } = setup();
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.keyUp(trigger, { key: 'Enter' });
    const tree = screen.getByRole('treegrid');
    act(() => tree.focus());
    const focusedRow = () => document.activeElement?.closest('[role="row"]')?.getAttribute('aria-label');
    expect(focusedRow()).toBe('集团');
    fireEvent.keyDown(document.activeElement ?? tree, { key: 'ArrowDown' });
    expect(focusedRow()).toBe('北区');
    fireEvent.keyDown(document.activeElement ?? tree, { key: ' ' });
    fireEvent.keyUp(document.activeElement ?? tree, { key: ' ' });
    expect(reported.at(-1)).toEqual(['N', 'N1']);
  });
});
