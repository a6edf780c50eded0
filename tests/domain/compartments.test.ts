// One compartment bound for every place that names a compartment (params spec §3.1: shown 1 to 10, stored 0 to 9):
// the report filter, the truck's compartment count, the tank table and the catalogue's compartment fields.
import { describe, expect, it } from 'vitest';
import { COMPARTMENTS_MAX } from '../../domain/constants';
import { LANGS, translate } from '../../domain/i18n';
import { PARAM_FILES } from '../../domain/params/catalogue';
import { parseTankTable } from '../../domain/params/tank-table';
import { FLEET_ENTITIES } from '../../domain/screens/entities/fleet';
import { compartmentFilter } from '../../domain/screens/reports/columns';

const table = (compartment: number) => `[compartment.${compartment}]\n0,0\n100,50\n`;

describe('the compartment bound', () => {
  it('is ten, as the spec shows compartments', () => {
    expect(COMPARTMENTS_MAX).toBe(10);
  });

  it.each(LANGS)('lets the report filter offer every compartment from 1 to the bound, each named in %s', (lang) => {
    if (compartmentFilter.type !== 'select') throw new Error('the compartment filter is a select');
    expect(compartmentFilter.options.map((option) => option.value)).toEqual(Array.from({ length: COMPARTMENTS_MAX }, (_, i) => String(i + 1)));
    for (const option of compartmentFilter.options) {
      if (!('labelKey' in option)) throw new Error('a compartment option is translated');
      expect(translate(lang, option.labelKey)).toContain(option.value);
    }
  });

  it('bounds the truck compartment count with it', () => {
    const count = FLEET_ENTITIES['/setting/base_data/truck'].fields.find((field) => field.key === 'compartments');
    expect(count?.max).toBe(COMPARTMENTS_MAX);
  });

  it('reads a tank table up to the last compartment and no further', () => {
    expect(parseTankTable(table(COMPARTMENTS_MAX)).ok).toBe(true);
    expect(parseTankTable(table(COMPARTMENTS_MAX + 1)).ok).toBe(false);
  });

  it('stores every compartment field of the parameter files 0 to the bound − 1, shown from 1', () => {
    const fields = PARAM_FILES.flatMap((file) => file.sections.flatMap((section) => section.fields))
      .filter((field) => field.shownOffset === 1 && field.key !== 'masterCompIndex');
    expect(fields.map((field) => field.key).sort()).toEqual(['attachedCompIndex0', 'attachedCompIndex1', 'attachedCompIndex2', 'cIndex', 'cabinIndex', 'cabinIndex', 'cabinIndex']);
    for (const field of fields) expect([field.min, field.max], field.key).toEqual([0, COMPARTMENTS_MAX - 1]);
  });
});
