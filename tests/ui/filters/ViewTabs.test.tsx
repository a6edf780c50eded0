// A screen's view tabs through the DOM: the selected one is marked, a click or an arrow key asks for another, and
// choosing the one on screen asks for nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ViewTabs } from '../../../src/ui/filters';

const TABS = [
  { id: 'trucks', label: '车辆异常率' },
  { id: 'drivers', label: '司机评分' },
  { id: 'events', label: '扣分明细' },
];

function setup() {
  const asked: string[] = [];
  function Host() {
    const [selected, setSelected] = useState('trucks');
    return (
      <ViewTabs
        tabs={TABS}
        selected={selected}
        label="报表视图"
        onSelect={(id) => {
          asked.push(id);
          setSelected(id);
        }}
      />
    );
  }
  render(<Host />);
  return { asked, tab: (name: string) => screen.getByRole('tab', { name }) };
}

describe('ViewTabs', () => {
  afterEach(cleanup);

  it('marks the selected tab in a labelled tab list', () => {
    const { tab } = setup();
    expect(screen.getByRole('tablist', { name: '报表视图' })).toBeTruthy();
    expect(tab('车辆异常率').getAttribute('aria-selected')).toBe('true');
    expect(tab('司机评分').getAttribute('aria-selected')).toBe('false');
  });

  it('asks for the clicked tab, and nothing for the one on screen', () => {
    const { asked, tab } = setup();
    fireEvent.pointerDown(tab('车辆异常率'));
    fireEvent.click(tab('车辆异常率'));
    expect(asked).toEqual([]);
    fireEvent.click(tab('扣分明细'));
    expect(asked).toEqual(['events']);
    expect(tab('扣分明细').getAttribute('aria-selected')).toBe('true');
  });

  it('moves to the next tab with the arrow key', () => {
    const { asked, tab } = setup();
    act(() => tab('车辆异常率').focus());
    fireEvent.keyDown(tab('车辆异常率'), { key: 'ArrowRight' });
    expect(asked).toEqual(['drivers']);
  });
});
