// The two locale files must hold the same keys, and the spec's Chinese strings verbatim.
import { describe, expect, it } from 'vitest';
import zh from '../../locales/zh.json';
import en from '../../locales/en.json';
import { translate, type LocaleKey } from '../../domain/i18n';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const zhLeaves = leaves(zh);
const enLeaves = leaves(en);

describe('locale files', () => {
  it('have no key in zh that en lacks', () => {
    expect([...zhLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([]);
  });

  it('have no key in en that zh lacks', () => {
    expect([...enLeaves.keys()].filter((k) => !zhLeaves.has(k))).toEqual([]);
  });

  it('use the same interpolation names in both languages', () => {
    // A value given in each language (a parameter's display name: nameZh, nameEn) is one name, its suffix the file's.
    const names = (text: string, suffix: 'Zh' | 'En') =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => (m[1] ?? '').replace(new RegExp(`(?<=\\w)${suffix}$`), '')).sort();
    const mismatched = [...zhLeaves].filter(([key, text]) => names(text, 'Zh').join() !== names(enLeaves.get(key) ?? '', 'En').join());
    expect(mismatched).toEqual([]);
  });

  it('have no empty text except the zh duration separator', () => {
    const empty = [...zhLeaves, ...enLeaves].filter(([key, text]) => text === '' && key !== 'duration.separator');
    expect(empty).toEqual([]);
  });

  it.each<[LocaleKey, string]>([
    ['error.truckStatusFailed', '获取车辆状态统计数据失败'],
    ['quickVisit.addSuccess', '添加成功'],
    ['quickVisit.addFail', '添加失败'],
    ['quickVisit.removeSuccess', '移除成功'],
    ['quickVisit.removeFail', '移除失败'],
    ['quickVisit.exists', '快速访问中已存在此菜单'],
    ['password.changeFail', '密码修改失败'],
    ['password.changeSuccess', '密码修改成功'],
    ['error.socketUnsupportedTitle', '提示'],
    ['error.socketUnsupported', '访问限制'],
  ])('keeps the spec text of %s verbatim in zh', (key, text) => {
    expect(translate('zh', key)).toBe(text);
  });

  it.each<[LocaleKey, string]>([
    ['lang.switchSuccess', 'Switch Language Success'],
    ['login.emptyCredentials', 'please enter user name and password'],
    ['login.codeRequired', 'verification code required'],
    ['login.codeWrong', 'enter the correct captcha'],
    ['tabs.noName', 'no-name'],
    ['error.accessLimit', 'access limit'],
    ['error.accessError', 'access error'],
    ['error.requestFailed', 'request failed'],
    ['validation.required', 'This item is required'],
    ['validation.passwordMismatch', 'The two passwords do not match'],
    ['validation.tankTableSize', 'File size should not exceed 1MB!'],
    ['validation.tankTableType', 'Only upload txt files, and no more than 1MB!'],
    ['validation.photoType', 'upload the correct image format'],
    ['validation.photoSize', 'avatar cannot exceed 1MB'],
    ['error.submitFailed', 'submit failed'],
    ['error.modifiedFailed', 'modified failed'],
    ['error.resetFailed', 'reset failed'],
    ['error.readDataFail', 'read data fail'],
    ['error.noPhotos', 'no photos to view'],
    ['error.noLocation', 'no location information found'],
    ['error.noOverspeed', 'no overspeed record for the period'],
  ])('keeps the spec text of %s verbatim in en', (key, text) => {
    expect(translate('en', key)).toBe(text);
  });
});
