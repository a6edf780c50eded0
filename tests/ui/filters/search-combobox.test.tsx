// SearchComboBox through the DOM: the caller's texts listed as typed, a pick by mouse or keyboard reported, the empty
// line and the "more matches" hint, and the form states (label, required, invalid, description) on the input.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { initI18n } from '../../../src/app/i18n';
import { SearchComboBox } from '../../../src/ui/filters';

const ROLES = ['调度员', '管理员', '园林局用户', '调度主管', '驾驶员'];
const LIMIT = 2;

interface Options {
  readonly isInvalid?: boolean;
  readonly isRequired?: boolean;
}

/** A caller like a form's reference field: it matches the typed text itself and shows at most LIMIT matches. */
function setup({ isInvalid = false, isRequired = false }: Options = {}) {
  const reported: string[] = [];
  let blurs = 0;
  function Host() {
    const [value, setValue] = useState('');
    const [input, setInput] = useState('');
    const matches = ROLES.filter((role) => role.includes(input.trim()));
    return (
      <>
        <SearchComboBox
          label="角色"
          items={matches.slice(0, LIMIT)}
          inputValue={input}
          onInputChange={setInput}
          value={value}
          onChange={(next) => {
            reported.push(next);
            setValue(next);
            setInput(next);
          }}
          placeholder="输入以搜索"
          emptyText="无匹配项"
          moreText={matches.length > LIMIT ? `前 ${LIMIT} 条，共 ${matches.length} 条` : undefined}
          isRequired={isRequired}
          isInvalid={isInvalid}
          describedBy="role-message"
          onBlur={() => (blurs += 1)}
        />
        <p id="role-message">必填</p>
      </>
    );
  }
  render(<Host />);
  const input = screen.getByRole('combobox', { name: /角色/ }) as HTMLInputElement;
  const type = (text: string) => {
    if (document.activeElement !== input) act(() => input.focus());
    fireEvent.change(input, { target: { value: text } });
  };
  return { reported, input, type, blurs: () => blurs };
}

const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('SearchComboBox', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

  it('lists the texts the caller found for what is typed, and reports a picked one', () => {
    const { type, input, reported } = setup();
    type('调度');
    expect(optionTexts()).toEqual(['调度员', '调度主管']);
    expect(reported).toEqual([]);
    fireEvent.click(screen.getByRole('option', { name: '调度主管' }));
    expect(reported).toEqual(['调度主管']);
    expect(input.value).toBe('调度主管');
  });

  it('picks with the keyboard: ArrowDown to the first match, Enter to take it', () => {
    const { type, input, reported } = setup();
    type('园林');
    expect(optionTexts()).toEqual(['园林局用户']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(reported).toEqual(['园林局用户']);
    expect(input.value).toBe('园林局用户');
  });

  it('says when nothing matches, and when the list holds only part of the matches', () => {
    const { type } = setup();
    type('员');
    expect(optionTexts()).toEqual(['调度员', '管理员']);
    expect(screen.getByRole('status').textContent).toBe('前 2 条，共 3 条');
    type('司机');
    // The open list holds only the empty line.
    expect(screen.getByRole('listbox').textContent).toBe('无匹配项');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('puts the form states on the input: its label with a required marker, invalid, required, described, and a blur', () => {
    const { input, blurs } = setup({ isInvalid: true, isRequired: true });
    expect(input.getAttribute('placeholder')).toBe('输入以搜索');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('role-message');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
    expect(input.closest('[data-invalid]')).not.toBeNull();
    act(() => input.focus());
    act(() => input.blur());
    expect(blurs()).toBe(1);
  });

  it('leaves the required marker and the invalid state off an optional, valid field', () => {
    const { input } = setup();
    expect(screen.queryByText('*')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
