// The plain translator used by the server and the formatters.
import { describe, expect, it } from 'vitest';
import { toLang, translate } from '../../domain/i18n';

describe('translate', () => {
  it('interpolates {{name}} values in either language', () => {
    expect(translate('zh', 'server.notFound', { path: '/x' })).toBe('接口不存在：/x');
    expect(translate('en', 'server.notFound', { path: '/x' })).toBe('No such call: /x');
  });

  it('leaves a placeholder visible when its value is missing', () => {
    expect(translate('en', 'server.notFound', {})).toBe('No such call: {{path}}');
  });

  it.each([
    ['en', 'en'],
    ['zh', 'zh'],
    ['fr', 'zh'],
    [undefined, 'zh'],
    ['', 'zh'],
  ])('reads the language %s as %s', (value, lang) => {
    expect(toLang(value)).toBe(lang);
  });
});
