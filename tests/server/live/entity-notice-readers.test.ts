// Who hears of a changed row of no company (a role): the users who may read its list, by screen, not every holder of
// some screen of its menu group.
import { describe, expect, it } from 'vitest';
import { seesEntityChange, type EntityViewer } from '../../../server/live/entity-notices';

const viewer = (...functions: string[]): EntityViewer => ({ superMan: false, functions: new Set(functions), companyCodes: new Set(['C002']) });
const roleChange = { path: '/setting/privilege_account/role', key: '7', companyCode: null } as const;

describe('notices of a row of no company', () => {
  it('reach the holders of the role screen and of the user screen, whose form picks roles', () => {
    expect(seesEntityChange(viewer('/setting/privilege_account/role'), roleChange)).toBe(true);
    expect(seesEntityChange(viewer('/setting/privilege_account/user'), roleChange)).toBe(true);
    expect(seesEntityChange(viewer('privilege_account'), roleChange)).toBe(true);
  });

  it('do not reach a holder of another screen of the group that reads no role list', () => {
    expect(seesEntityChange(viewer('/setting/privilege_account/role_function'), roleChange)).toBe(false);
    expect(seesEntityChange(viewer('base_data', 'monitor'), roleChange)).toBe(false);
  });
});
