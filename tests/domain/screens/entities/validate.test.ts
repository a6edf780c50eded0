// The field rules of master data (params spec §5), as the console checks them before sending and the server again.
import { describe, expect, it } from 'vitest';
import { translate } from '../../../../domain/i18n';
import type { EntityField } from '../../../../domain/screens/entities/definition';
import { entityFor } from '../../../../domain/screens/entities/registry';
import { entityProblems, fieldProblem } from '../../../../domain/screens/entities/validate';

const field = (type: EntityField['type'], extra: Partial<EntityField> = {}): EntityField => ({ key: 'x', labelKey: 'entity.field.name', type, ...extra });
const keyOf = (f: EntityField, value: string | undefined) => fieldProblem(f, value)?.key;

describe('field rules', () => {
  it('asks for a required field left empty or blank, and lets an optional one be', () => {
    expect(keyOf(field('text', { required: true }), '  ')).toBe('validation.required');
    expect(keyOf(field('text'), undefined)).toBeUndefined();
  });

  it("gives the depot manager the spec's own message", () => {
    const storage = entityFor('/setting/base_data/storage');
    if (!storage) throw new Error('no storage screen');
    expect(entityProblems(storage, {}, 'create').find((problem) => problem.field === 'manager')?.key).toBe('validation.depotManagerRequired');
    expect(translate('en', 'validation.depotManagerRequired')).toBe('The depot manager cannot be empty');
  });

  it('counts text length in characters, a Chinese one as one', () => {
    const name = field('text', { maxLength: 3 });
    expect(keyOf(name, '加油站')).toBeUndefined();
    expect(fieldProblem(name, '加油站A')).toEqual({ field: 'x', key: 'validation.maxLength', params: { max: 3 } });
  });

  it('takes numbers within their bounds, non-negative integers as the spec asks, and refuses other text', () => {
    const range = field('integer', { min: 0, max: 100_000 });
    expect(keyOf(range, '0')).toBeUndefined();
    expect(keyOf(range, '-1')).toBe('validation.nonNegativeInteger');
    expect(keyOf(range, '1.5')).toBe('validation.nonNegativeInteger');
    expect(fieldProblem(range, '100001')).toEqual({ field: 'x', key: 'validation.range', params: { min: 0, max: 100_000 } });
    expect(keyOf(field('decimal'), '1e3')).toBe('validation.numberRequired');
    expect(keyOf(field('latitude'), '90.5')).toBe('validation.range');
    expect(keyOf(field('longitude'), '121.470001')).toBeUndefined();
  });

  it('checks phones as 11 digits, emails by form, and select values against their options', () => {
    expect(keyOf(field('phone'), '1380013800')).toBe('validation.phone');
    expect(keyOf(field('phone'), '13800138000')).toBeUndefined();
    expect(keyOf(field('email'), 'a@b')).toBe('validation.email');
    const select = field('select', { options: [{ value: 'blue', labelKey: 'entity.field.name' }] });
    expect(keyOf(select, 'blue')).toBeUndefined();
    expect(keyOf(select, 'red')).toBe('validation.option');
  });
});

describe('a save checked whole', () => {
  const station = entityFor('/setting/base_data/station');
  if (!station) throw new Error('no station screen');
  const complete = { name: '测试站', code: 'S900', shortName: '测试', companyCode: 'C002', safeRange: '50', lng: '121.4', lat: '31.2' };

  it('finds nothing wrong with a complete new row, and every missing required field of an empty one', () => {
    expect(entityProblems(station, complete, 'create')).toEqual([]);
    expect(entityProblems(station, {}, 'create').map((problem) => problem.field).sort()).toEqual(['code', 'companyCode', 'lat', 'lng', 'name', 'safeRange', 'shortName']);
  });

  it('checks only the fields an edit sends, and refuses a fixed one', () => {
    expect(entityProblems(station, { name: '新名称' }, 'update')).toEqual([]);
    expect(entityProblems(station, { code: 'S901' }, 'update')).toEqual([{ field: 'code', key: 'validation.fixed' }]);
  });
});
