// CheckboxTree and TriStateCheckbox through the DOM: the caller's tri-state drawn and announced, the turned boxes
// reported (a mixed parent turns on), disabled items readable but fixed, the keyboard of react-aria's Tree.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { initI18n } from '../../../src/app/i18n';
import { CheckboxTree, TriStateCheckbox, type CheckChange, type CheckboxTreeItem, type TriState } from '../../../src/ui/filters';

/** A caller's model: fruits and vegetables, each parent's state from its leaves; 'kale' cannot be changed. */
const FOOD = { fruit: ['apple', 'pear'], veg: ['kale', 'leek'] } as const;
const FIXED = new Set(['kale']);

function stateOf(leaves: readonly string[], chosen: ReadonlySet<string>): TriState {
  const on = leaves.filter((leaf) => chosen.has(leaf)).length;
  return on === 0 ? 'unchecked' : on === leaves.length ? 'checked' : 'indeterminate';
}

function itemsOf(chosen: ReadonlySet<string>): CheckboxTreeItem[] {
  return Object.entries(FOOD).map(([group, leaves]) => ({
    id: group,
    label: group,
    state: stateOf(leaves, chosen),
    data: { group },
    children: leaves.map((leaf) => ({
      id: leaf,
      label: leaf,
      state: chosen.has(leaf) ? 'checked' : 'unchecked',
      isDisabled: FIXED.has(leaf),
      hint: FIXED.has(leaf) ? 'fixed' : undefined,
    })),
  }));
}

function setup(initial: readonly string[], defaultExpanded: readonly string[] = []) {
  const reported: (readonly CheckChange[] | 'all')[] = [];
  function Host() {
    const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(initial));
    return (
      <>
        <p id="note">pick some</p>
        <CheckboxTree
          items={itemsOf(chosen)}
          label="Food"
          describedBy="note"
          defaultExpanded={defaultExpanded}
          onCheck={(changes) => {
            reported.push(changes);
            const next = new Set(chosen);
            for (const { id, checked } of changes) {
              const leaves = id in FOOD ? FOOD[id as keyof typeof FOOD] : [id];
              for (const leaf of leaves) {
                if (FIXED.has(leaf)) continue;
                if (checked) next.add(leaf);
                else next.delete(leaf);
              }
            }
            setChosen(next);
          }}
          onCheckAll={() => {
            reported.push('all');
            setChosen(new Set([...Object.values(FOOD).flat().filter((leaf) => !FIXED.has(leaf)), ...[...chosen].filter((leaf) => FIXED.has(leaf))]));
          }}
        />
      </>
    );
  }
  render(<Host />);
  return { reported, tree: screen.getByRole('treegrid', { name: 'Food' }) };
}

const row = (name: string) => screen.getByRole('row', { name });
const box = (name: string) => within(row(name)).getByRole('checkbox') as HTMLInputElement;
const focusedRow = () => document.activeElement?.closest('[role="row"]')?.getAttribute('aria-label');
function press(key: string, modifiers: { ctrlKey?: boolean } = {}) {
  const target = document.activeElement ?? document.body;
  fireEvent.keyDown(target, { key, ...modifiers });
  fireEvent.keyUp(target, { key, ...modifiers });
}

describe('CheckboxTree', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

  it('draws and announces each parent\'s state, nests the children it was told to open, and carries the caller\'s hooks', () => {
    const { tree } = setup(['apple'], ['fruit']);
    expect(tree.getAttribute('aria-describedby')).toBe('note');
    expect(within(tree).getAllByRole('row').map((r) => [r.getAttribute('aria-label'), r.getAttribute('aria-level')])).toEqual([
      ['fruit', '1'], ['apple', '2'], ['pear', '2'], ['veg', '1'],
    ]);
    expect(row('fruit').getAttribute('data-state')).toBe('indeterminate');
    expect(row('fruit').getAttribute('data-group')).toBe('fruit');
    expect(box('fruit').indeterminate).toBe(true);
    expect(box('fruit').checked).toBe(false);
    expect(box('apple').checked).toBe(true);
    expect(row('fruit').querySelector('.filters__tri-box--indeterminate')).not.toBeNull();
    expect(row('veg').getAttribute('data-state')).toBe('unchecked');
  });

  it('reports the box turned: a mixed parent turns on, a checked leaf turns off', () => {
    const { reported } = setup(['apple'], ['fruit']);
    fireEvent.click(box('fruit'));
    expect(reported).toEqual([[{ id: 'fruit', checked: true }]]);
    expect(row('fruit').getAttribute('data-state')).toBe('checked');
    expect(box('pear').checked).toBe(true);
    fireEvent.click(box('apple'));
    expect(reported.at(-1)).toEqual([{ id: 'apple', checked: false }]);
    expect(row('fruit').getAttribute('data-state')).toBe('indeterminate');
  });

  it('keeps a disabled item\'s box fixed while its row stays reachable and says why', () => {
    const { reported, tree } = setup([], ['veg']);
    expect(box('kale').disabled).toBe(true);
    expect(box('leek').disabled).toBe(false);
    expect(within(row('kale')).getByText('kale').getAttribute('title')).toBe('fixed');
    expect(within(row('leek')).getByText('leek').hasAttribute('title')).toBe(false);
    act(() => tree.focus());
    // fruit (closed), veg, then its first child.
    press('ArrowDown');
    press('ArrowDown');
    expect(focusedRow()).toBe('kale');
    press(' ');
    expect(reported).toEqual([]);
  });

  it('moves with the arrows, opens with ArrowRight, checks with Space and checks all with Ctrl+A', () => {
    const { reported, tree } = setup([]);
    act(() => tree.focus());
    expect(focusedRow()).toBe('fruit');
    expect(screen.queryByRole('row', { name: 'apple' })).toBeNull();
    press('ArrowRight');
    expect(row('fruit').getAttribute('aria-expanded')).toBe('true');
    press('ArrowDown');
    expect(focusedRow()).toBe('apple');
    press(' ');
    expect(reported).toEqual([[{ id: 'apple', checked: true }]]);
    expect(row('fruit').getAttribute('data-state')).toBe('indeterminate');
    press('a', { ctrlKey: true });
    expect(reported.at(-1)).toBe('all');
    expect(row('fruit').getAttribute('data-state')).toBe('checked');
    expect(row('veg').getAttribute('data-state')).toBe('indeterminate');
  });
});

describe('TriStateCheckbox', () => {
  it('shows the three states to the eye and to assistive technology, and leaves the next state to the caller', () => {
    const onToggle = vi.fn();
    const { rerender } = render(
      <TriStateCheckbox state="indeterminate" onToggle={onToggle} className="screen__all">
        All
      </TriStateCheckbox>,
    );
    const input = screen.getByRole('checkbox', { name: 'All' }) as HTMLInputElement;
    expect(input.indeterminate).toBe(true);
    expect(input.closest('label')?.className).toBe('filters__tri-check screen__all');
    expect(document.querySelector('.filters__tri-box--indeterminate')).not.toBeNull();
    fireEvent.click(input);
    expect(onToggle).toHaveBeenCalledTimes(1);
    // Controlled: the box shows what the caller says, not the click.
    expect(input.indeterminate).toBe(true);
    rerender(
      <TriStateCheckbox state="checked" onToggle={onToggle}>
        All
      </TriStateCheckbox>,
    );
    expect(input.checked).toBe(true);
    expect(input.indeterminate).toBe(false);
    expect(document.querySelector('.filters__tri-box--checked')).not.toBeNull();
    cleanup();
  });
});
