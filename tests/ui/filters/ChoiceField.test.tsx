// A single choice for search bars and forms through the DOM: the empty choice, the placeholder, the required marker and
// the invalid state, and the company picker's tree order.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { initI18n } from '../../../src/app/i18n';
import { ChoiceField, CompanyPicker, companyChoices, type Company } from '../../../src/ui/filters';

const COMPANIES: Company[] = [
  { code: 'N1', name: '北一队', parentCode: 'N' },
  { code: 'G', name: '集团', parentCode: null },
  { code: 'N', name: '北区', parentCode: 'G' },
  { code: 'X', name: '外协', parentCode: 'HIDDEN' },
];

function Host(props: { readonly emptyLabel?: string; readonly required?: boolean; readonly reported: string[] }) {
  const [value, setValue] = useState('');
  return (
    <>
      <ChoiceField
        label="油品"
        choices={[{ value: 'diesel', label: '柴油' }]}
        value={value}
        emptyLabel={props.emptyLabel}
        placeholder="请选择"
        isRequired={props.required}
        isInvalid={props.required && value === ''}
        describedBy="fuel-message"
        onChange={(next) => {
          props.reported.push(next);
          setValue(next);
        }}
      />
      <small id="fuel-message">message</small>
    </>
  );
}

describe('ChoiceField', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

  it('offers a first empty choice when given one, and reports values', () => {
    const reported: string[] = [];
    render(<Host emptyLabel="全部" reported={reported} />);
    const trigger = screen.getByRole('button', { name: /油品/ });
    expect(trigger.textContent).toContain('全部');
    fireEvent.click(trigger);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['全部', '柴油']);
    fireEvent.click(screen.getByRole('option', { name: '柴油' }));
    expect(reported).toEqual(['diesel']);
  });

  it('shows the placeholder for no choice when required, marks it, and points at its message', () => {
    render(<Host required reported={[]} />);
    const trigger = screen.getByRole('button', { name: /油品/ });
    expect(trigger.textContent).toContain('请选择');
    expect(trigger.getAttribute('aria-describedby')).toBe('fuel-message');
    expect(document.querySelector('.required-mark')?.textContent).toBe('*');
    expect(document.querySelector('[data-invalid]')).toBeTruthy();
    fireEvent.click(trigger);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['柴油']);
  });
});

describe('CompanyPicker', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

  it('lists each company after its parent, nested one level deeper, and keeps orphans', () => {
    expect(companyChoices(COMPANIES)).toEqual([
      { value: 'G', label: '集团', depth: 0 },
      { value: 'N', label: '北区', depth: 1 },
      { value: 'N1', label: '北一队', depth: 2 },
      { value: 'X', label: '外协', depth: 0 },
    ]);
  });

  it('picks one company by its name', () => {
    const reported: string[] = [];
    render(<CompanyPicker label="所属公司" companies={COMPANIES} value="" emptyLabel="无" onChange={(code) => reported.push(code)} />);
    fireEvent.click(screen.getByRole('button', { name: /所属公司/ }));
    fireEvent.click(screen.getByRole('option', { name: '北一队' }));
    expect(reported).toEqual(['N1']);
  });
});
