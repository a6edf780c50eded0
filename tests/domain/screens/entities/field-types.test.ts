// The field types of the fleet and account screens: days, ID cards, references, photos and passwords, and the spec's
// own messages where a field has one (driver code, mobile).
import { describe, expect, it } from 'vitest';
import { translate } from '../../../../domain/i18n';
import type { EntityField } from '../../../../domain/screens/entities/definition';
import { entityFor } from '../../../../domain/screens/entities/registry';
import { entityProblems, fieldProblem, isDateText } from '../../../../domain/screens/entities/validate';

const driver = entityFor('/setting/base_data/driver');
const user = entityFor('/setting/privilege_account/user');
const fieldOf = (key: string, def = driver): EntityField => {
  const found = def?.fields.find((field) => field.key === key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
};

describe('entity field types', () => {
  it('takes days that exist and refuses others', () => {
    expect(isDateText('2024-02-29')).toBe(true);
    expect(isDateText('2023-02-29')).toBe(false);
    expect(isDateText('2024-13-01')).toBe(false);
    expect(isDateText('24-01-01')).toBe(false);
    expect(fieldProblem(fieldOf('birthday'), '2024-02-30')?.key).toBe('validation.date');
    expect(fieldProblem(fieldOf('birthday'), '1990-06-15')).toBeUndefined();
  });

  it('checks an ID card by its date and check digit, in either case of X', () => {
    expect(fieldProblem(fieldOf('idNumber'), '11010519491231002X')).toBeUndefined();
    expect(fieldProblem(fieldOf('idNumber'), '11010519491231002x')).toBeUndefined();
    expect(fieldProblem(fieldOf('idNumber'), '110105194912310021')?.key).toBe('validation.idCard');
    expect(translate('en', 'validation.idCard')).toContain('entered incorrectly');
  });

  it("gives the driver code and the mobile the spec's own messages", () => {
    expect(fieldProblem(fieldOf('code'), 'D123456')).toBeUndefined();
    expect(fieldProblem(fieldOf('code'), 'D1234567')?.key).toBe('validation.driverCode');
    expect(fieldProblem(fieldOf('mobile'), '1380013800')?.key).toBe('validation.mobile');
    expect(fieldProblem(fieldOf('phone', entityFor('/setting/base_data/truck')), '1380013800')?.key).toBe('validation.phone');
  });

  it('takes only a stored photo name', () => {
    expect(fieldProblem(fieldOf('photo'), `${'a'.repeat(32)}.png`)).toBeUndefined();
    expect(fieldProblem(fieldOf('photo'), '../etc/passwd')?.key).toBe('validation.photoType');
  });

  it('asks a new user for a password of at least 6 characters, confirmed, and never takes one in an edit', () => {
    const base = { userName: 'u1', realName: 'U', roleId: '调度员', companyCode: 'C002' };
    const problems = (input: Record<string, string>, mode: 'create' | 'update' = 'create') =>
      user ? entityProblems(user, input, mode).map((problem) => `${problem.field}:${problem.key}`) : [];
    expect(problems({ ...base, password: '12345', passwordConfirm: '12345' })).toEqual(['password:validation.passwordMin']);
    expect(problems({ ...base, password: '123456', passwordConfirm: '123457' })).toEqual(['passwordConfirm:validation.passwordMismatch']);
    expect(problems({ ...base, password: ' 12345', passwordConfirm: ' 12345' })).toEqual([]);
    expect(problems({ realName: 'U', password: '123456' }, 'update')).toEqual(['password:validation.fixed']);
    expect(problems({ realName: 'U2' }, 'update')).toEqual([]);
  });
});
