// The one search bar of lists and reports through the DOM: the fields its data names, each reporting its value by key,
// a range its two values, Search on the button or Enter, Reset, and each look's texts, name and problem line.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { initI18n } from '../../../src/app/i18n';
import { SearchBar, type SearchBarLook, type SearchField } from '../../../src/ui/filters';

type Key = 'plate' | 'status' | 'from' | 'to';

const FIELDS: readonly SearchField<Key>[] = [
  { kind: 'text', key: 'plate', label: '车牌号', maxLength: 20 },
  { kind: 'choice', key: 'status', label: '状态', emptyLabel: '全部', choices: [{ value: 'sent', label: '已发送' }] },
  { kind: 'range', from: 'from', to: 'to', presets: ['today'] },
];

interface Seen {
  readonly changes: [Key, string][];
  readonly searched: Partial<Record<Key, string>>[];
  resets: number;
}

function Host({ look, seen, problem }: { readonly look: SearchBarLook; readonly seen: Seen; readonly problem?: string }) {
  const [values, setValues] = useState<Partial<Record<Key, string>>>({ status: 'sent' });
  return (
    <SearchBar
      look={look}
      fields={FIELDS}
      values={values}
      problem={problem}
      onChange={(key, value) => {
        seen.changes.push([key, value]);
        setValues((current) => ({ ...current, [key]: value }));
      }}
      onSearch={() => seen.searched.push(values)}
      onReset={() => {
        seen.resets += 1;
      }}
    />
  );
}

const watch = (): Seen => ({ changes: [], searched: [], resets: 0 });

describe('SearchBar', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

  it('draws the fields its data names, in order, each showing its value and reporting a change by its key', () => {
    const seen = watch();
    render(<Host look="list" seen={seen} />);
    const labels = [...screen.getByRole('search').querySelectorAll('.filters__label')].map((label) => label.textContent);
    expect(labels).toEqual(['车牌号', '状态', '时间范围']);
    expect(screen.getByRole('button', { name: /状态/ }).textContent).toContain('已发送');
    const plate = screen.getByRole('searchbox', { name: '车牌号' });
    expect(plate.getAttribute('maxlength')).toBe('20');
    fireEvent.change(plate, { target: { value: '沪A' } });
    expect(seen.changes).toEqual([['plate', '沪A']]);
    expect((plate as HTMLInputElement).value).toBe('沪A');
  });

  it('sets both ends of a range at once, from a preset', () => {
    const seen = watch();
    render(<Host look="list" seen={seen} />);
    fireEvent.click(screen.getByRole('button', { name: '今天' }));
    expect(seen.changes.map(([key]) => key)).toEqual(['from', 'to']);
    const [from, to] = seen.changes.map(([, value]) => Number(value));
    expect(from).toBeLessThan(to!);
  });

  it('searches with the draft on its button and on Enter, and resets on Reset', () => {
    const seen = watch();
    render(<Host look="list" seen={seen} />);
    fireEvent.change(screen.getByRole('searchbox', { name: '车牌号' }), { target: { value: 'B' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    fireEvent.submit(screen.getByRole('search'));
    expect(seen.searched).toEqual([{ status: 'sent', plate: 'B' }, { status: 'sent', plate: 'B' }]);
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(seen.resets).toBe(1);
  });

  it('looks like a list’s bar, named 查询条件, or like a report’s, each field in its column and a problem under them', () => {
    render(<Host look="list" seen={watch()} />);
    const list = screen.getByRole('search', { name: '查询条件' });
    expect(list.className).toBe('entity-search');
    expect(list.querySelector('.query-bar__field')).toBeNull();
    cleanup();
    render(<Host look="report" seen={watch()} problem="时间范围不能超过31天" />);
    const report = screen.getByRole('search');
    expect(report.className).toBe('query-bar');
    expect(report.getAttribute('aria-label')).toBeNull();
    expect(report.querySelectorAll('.query-bar__field')).toHaveLength(3);
    expect(screen.getByRole('button', { name: '查询' }).className).toBe('button button--primary');
    expect(screen.getByRole('alert').textContent).toBe('时间范围不能超过31天');
  });
});
