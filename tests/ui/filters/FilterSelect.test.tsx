// A report's select filter through the DOM: the options after a first All choice that means ''.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { FilterSelect, type FilterOption } from '../../../src/ui/filters';

const FUELS: FilterOption[] = [
  { value: 'gasoline', label: '汽油' },
  { value: 'diesel', label: '柴油' },
];

function setup(initial = '', options: readonly FilterOption[] = FUELS) {
  const reported: string[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <FilterSelect
        label="油品"
        options={options}
        value={value}
        onChange={(next) => {
          reported.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Host />);
  const trigger = () => screen.getByRole('button', { name: /油品/ });
  const choose = (name: string) => {
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('option', { name }));
  };
  return { reported, trigger, choose };
}

describe('FilterSelect', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('offers All first, then the options, and shows All for an empty value', () => {
    const { trigger } = setup();
    expect(trigger().textContent).toContain('全部');
    fireEvent.click(trigger());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['全部', '汽油', '柴油']);
  });

  it('reports the chosen option, and an empty string for All', () => {
    const { reported, trigger, choose } = setup();
    choose('柴油');
    expect(reported).toEqual(['diesel']);
    expect(trigger().textContent).toContain('柴油');
    choose('全部');
    expect(reported).toEqual(['diesel', '']);
    expect(trigger().textContent).toContain('全部');
  });

  it('keeps an option whose value looks like the All choice apart from it', () => {
    const { reported, choose } = setup('', [{ value: 'all', label: '所有车' }]);
    choose('所有车');
    expect(reported).toEqual(['all']);
  });

  it('names All in the current language', async () => {
    const { trigger } = setup();
    await act(() => switchLang('en'));
    expect(trigger().textContent).toContain('All');
    fireEvent.click(trigger());
    expect(screen.getByRole('option', { name: 'All' })).toBeTruthy();
  });
});
