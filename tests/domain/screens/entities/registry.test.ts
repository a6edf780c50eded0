// The master-data registry: each entity's route is a settings screen, every text it names exists in both languages,
// and each definition is coherent (a key field, a sort field, the spec's unique fields).
import { describe, expect, it } from 'vitest';
import { LANGS, translate, type LocaleKey } from '../../../../domain/i18n';
import { routeByPath } from '../../../../domain/routes';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { ENTITIES, entityFor } from '../../../../domain/screens/entities/registry';

const DEFS: readonly EntityDef[] = Object.values(ENTITIES);

function keysOf(def: EntityDef): LocaleKey[] {
  return def.fields.flatMap((field) => [field.labelKey, ...(field.options ?? []).map((option) => option.labelKey)]);
}

describe('the entity registry', () => {
  it('defines settings routes only, each at its own path', () => {
    expect(DEFS.length).toBeGreaterThanOrEqual(5);
    for (const def of DEFS) {
      expect(routeByPath(def.path)?.kind, def.path).toBe('settings');
      expect(entityFor(def.path)).toBe(def);
    }
  });

  it.each(LANGS)('has every field label and option in %s', (lang) => {
    for (const def of DEFS) for (const key of keysOf(def)) expect(translate(lang, key), `${def.path} ${key}`).not.toBe(key);
  });

  it('sorts by a field it has (or its key: newest first), keys code-keyed rows by a fixed unique code, and names each field once', () => {
    for (const def of DEFS) {
      const keys = def.fields.map((field) => field.key);
      expect(new Set(keys).size, def.path).toBe(keys.length);
      expect([...keys, def.key], def.path).toContain(def.sort.key);
      if (def.key === 'code') expect(def.fields.find((field) => field.key === 'code'), def.path).toMatchObject({ fixed: true, unique: 'global', required: true });
      if (def.scope === 'company') expect(def.fields.find((field) => field.key === 'companyCode')?.type, def.path).toBe('company');
      for (const field of def.fields) if (field.type === 'select') expect(field.options?.length, `${def.path} ${field.key}`).toBeGreaterThan(0);
    }
  });

  it('keeps the extensions coherent: a read-only list only unstamped or filtered as declared, a blocking or sending rule on fields it has', () => {
    for (const def of DEFS) {
      if (def.unstamped === true) expect(def.readOnly, def.path).toBe(true);
      if (def.editBlocked) expect(def.fields.find((field) => field.key === def.editBlocked?.key)?.readOnly, def.path).toBe(true);
      if (def.send?.to === 'rowTruck') expect(def.fields.find((field) => field.key === 'truckId')?.type, def.path).toBe('reference');
      if (def.send?.dangerous) expect(def.fields.map((field) => field.key), def.path).toContain(def.send.dangerous.key);
      if (def.readOnly === true) expect(def.send, def.path).toBeUndefined();
      expect(def.fields.filter((field) => field.type === 'file').length, def.path).toBeLessThanOrEqual(1);
      for (const field of def.fields.filter((entry) => entry.type === 'file')) expect(field.file, `${def.path} ${field.key}`).toBeDefined();
    }
  });

  it('names in each reference a screen with a definition, by a field unique across companies', () => {
    // A label is looked up among all the caller's companies (entity-references.ts): unique within one would match several.
    for (const def of DEFS) {
      for (const field of def.fields.filter((candidate) => candidate.type === 'reference')) {
        const target = field.ref && entityFor(field.ref.path);
        expect(target, `${def.path} ${field.key}`).toBeDefined();
        expect(target?.fields.find((candidate) => candidate.key === field.ref?.label)?.unique, `${def.path} ${field.key}`).toBe('global');
      }
    }
  });

  it('lists the spec §5 unique fields of trucks, drivers, devices, roles and users', () => {
    const unique = (path: string) => entityFor(path)?.fields.filter((field) => field.unique).map((field) => field.key).sort();
    expect(unique('/setting/base_data/truck')).toEqual(['consoleSn', 'signCode']);
    expect(unique('/setting/base_data/driver')).toEqual(['code', 'name']);
    expect(unique('/setting/base_data/device')).toEqual(['code', 'name']);
    expect(unique('/setting/privilege_account/role')).toEqual(['roleName']);
    expect(unique('/setting/privilege_account/user')).toEqual(['userName']);
  });

  it('offers the seven truck models and the four plate colours of spec §3.2', () => {
    const truck = entityFor('/setting/base_data/truck');
    const values = (key: string) => truck?.fields.find((field) => field.key === key)?.options?.map((option) => option.value);
    expect(values('model')).toEqual(['fuel', 'refrigerated', 'bus', 'minibus', 'truck', 'other', 'sprinkler']);
    expect(values('plateColor')).toEqual(['blue', 'white', 'yellow', 'green']);
  });

  it('scopes a unique rule to the company but where the spec or the data needs one value across tenants', () => {
    const global: string[] = [];
    for (const def of DEFS) {
      for (const field of def.fields.filter((entry) => entry.unique !== undefined)) {
        // Only a company's row has a company to be unique within.
        if (field.unique === 'company') expect(def.scope, `${def.path} ${field.key}`).toBe('company');
        else global.push(`${def.path.split('/').pop() ?? ''}.${field.key}`);
      }
    }
    expect(global.sort()).toEqual([
      // Organisations are the tenants; roles have no company; a user logs in by name alone.
      'company.code', 'company.name', 'role.roleName', 'user.userName',
      // A plate, a console and a SIM card are one thing in the world; a driver's code is how the data names the driver.
      'driver.code', 'phone_number.phone', 'truck.consoleSn', 'truck.signCode',
      // One row per truck: its device's settings.
      'camera_setup.truckId', 'parameter.truckId',
    ].sort());
  });

  it("holds each place's name and code unique, as spec §5 lists them", () => {
    for (const path of ['company', 'storage', 'station', 'park', 'service_depot']) {
      const def = entityFor(`/setting/base_data/${path}`);
      const unique = def?.fields.filter((field) => field.unique).map((field) => field.key).sort();
      expect(unique, path).toEqual(['code', 'name']);
    }
  });
});
