// The plate filter through the DOM: type-ahead over the fleet, the company beside each plate, choosing and clearing.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { PLATE_LIST_LIMIT, PlateComboBox, type Plate } from '../../../src/ui/filters';

const PLATES: Plate[] = [
  { signCode: '京A12345', companyName: '北区一队' },
  { signCode: '京A12399', companyName: '北区二队' },
  { signCode: '沪B00001', companyName: '南区' },
];

function setup(plates: readonly Plate[] = PLATES, initial = '') {
  const reported: string[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <PlateComboBox
          plates={plates}
          value={value}
          onChange={(signCode) => {
            reported.push(signCode);
            setValue(signCode);
          }}
        />
        <button type="button" onClick={() => setValue('沪B00001')}>
          drill
        </button>
      </>
    );
  }
  render(<Host />);
  const input = screen.getByRole('combobox') as HTMLInputElement;
  const type = (text: string) => {
    if (document.activeElement !== input) act(() => input.focus());
    fireEvent.change(input, { target: { value: text } });
  };
  return { reported, input, type };
}

const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('PlateComboBox', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('lists the plates containing the typed text, any case, each with its company', () => {
    const { type, reported } = setup();
    type('a123');
    expect(optionTexts()).toEqual(['京A12345北区一队', '京A12399北区二队']);
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-describedby')).toBeTruthy();
    expect(reported).toEqual([]);
  });

  it('reports the plate picked from the list and shows it in the field', () => {
    const { type, input, reported } = setup();
    type('a123');
    fireEvent.click(screen.getByRole('option', { name: /京A12399/ }));
    expect(reported).toEqual(['京A12399']);
    expect(input.value).toBe('京A12399');
  });

  it('selects a plate typed in full, and gives back all trucks when cleared', () => {
    const { type, input, reported } = setup();
    type('沪b00001');
    expect(reported).toEqual(['沪B00001']);
    act(() => input.blur());
    expect(input.value).toBe('沪B00001');
    type('');
    expect(reported).toEqual(['沪B00001', '']);
  });

  it('goes back to the chosen plate when left with a partial text', () => {
    const { type, input, reported } = setup(PLATES, '京A12345');
    expect(input.value).toBe('京A12345');
    type('京A1');
    act(() => input.blur());
    expect(input.value).toBe('京A12345');
    expect(reported).toEqual([]);
  });

  it('follows a plate set by the caller', () => {
    const { input } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'drill' }));
    expect(input.value).toBe('沪B00001');
  });

  it('lists only the first matches of a large fleet and says how many more there are', () => {
    const fleet = Array.from({ length: 10_000 }, (_, at) => ({ signCode: `京A${String(at).padStart(5, '0')}`, companyName: '一队' }));
    const { type } = setup(fleet);
    type('9');
    expect(screen.getAllByRole('option')).toHaveLength(PLATE_LIST_LIMIT);
    expect(screen.getByRole('status').textContent).toBe(`仅显示前 ${PLATE_LIST_LIMIT} 条，共 3439 条匹配，请继续输入`);
    type('09999');
    expect(optionTexts()).toEqual(['京A09999一队']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('labels the field in the current language', async () => {
    setup();
    expect(screen.getByRole('combobox', { name: '车牌号' }).getAttribute('placeholder')).toBe('输入车牌号');
    await act(() => switchLang('en'));
    expect(screen.getByRole('combobox', { name: 'Plate' }).getAttribute('placeholder')).toBe('Type a plate');
  });
});
