// The fence form's rules: nothing drawn → 'a fence must be drawn' under the map in the user's language and nothing
// sent; a name is required; a drawn outline is sent with the fields; the server's refusal shown where the rule's is.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../../src/app/i18n';
import type { FenceDraft, FenceRow } from '../../../src/app/screens/fences/fence-calls';
import { FenceForm } from '../../../src/app/screens/fences/FenceForm';
import type { FenceShape } from '../../../domain/fence-shape';
import { currentNotices, resetNotices } from '../../../src/ui/notify';

const COMPANIES = [{ code: 'C002', name: '东城公司', parentCode: null }];
const CIRCLE: FenceShape = { type: 'Feature', properties: { shape: 'circle', radius: 250 }, geometry: { type: 'Point', coordinates: [121.47, 31.23] } };
const ROW: FenceRow = {
  id: 7, name: '东城油库', type: 'circle', approvalStatus: 1, modifier: 'manager', modifyTime: 1, modifyType: 'new', approver: 'admin',
  approvalTime: 2, address: '东城', geometry: JSON.stringify(CIRCLE),
};

function show(options: { shape?: FenceShape; row?: FenceRow; refusal?: string } = {}) {
  const sent: FenceDraft[] = [];
  const kinds: string[] = [];
  let saved = 0;
  render(
    <FenceForm
      row={options.row}
      companies={COMPANIES}
      map={<div data-testid="map" />}
      readShape={() => options.shape}
      onKind={(kind) => kinds.push(kind)}
      save={async (draft) => {
        sent.push(draft);
        return options.refusal;
      }}
      onSaved={() => (saved += 1)}
      onCancel={() => undefined}
    />,
  );
  return { sent, kinds, saved: () => saved };
}

const typeName = (value: string) => fireEvent.change(screen.getByRole('textbox', { name: /围栏名称|Fence name/ }), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保存|Save/ }));

describe('the fence form', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    resetNotices();
  });
  afterAll(async () => {
    await i18next.changeLanguage('zh');
  });

  it('says a fence must be drawn, under the map, and sends nothing when no outline is drawn', async () => {
    const form = show();
    typeName('南门');
    save();
    expect((await screen.findByTestId('fence-problem')).textContent).toBe('请先绘制围栏再保存');
    expect(form.sent).toEqual([]);
  });

  it('says it in English too', async () => {
    await i18next.changeLanguage('en');
    const form = show();
    typeName('South gate');
    save();
    expect((await screen.findByTestId('fence-problem')).textContent).toBe('Draw the fence before saving');
    expect(form.sent).toEqual([]);
    await i18next.changeLanguage('zh');
  });

  it('requires a name even with an outline drawn', async () => {
    const form = show({ shape: CIRCLE });
    save();
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(form.sent).toEqual([]);
  });

  it('sends a new fence with its outline, kind and company, then says it is saved', async () => {
    const form = show({ shape: CIRCLE });
    typeName(' 南门 ');
    fireEvent.click(screen.getByRole('radio', { name: '圆形' }));
    expect(form.kinds).toEqual(['circle']);
    save();
    await waitFor(() => expect(form.saved()).toBe(1));
    expect(form.sent).toEqual([{ id: undefined, name: '南门', type: 'circle', address: '', companyCode: 'C002', shape: CIRCLE }]);
    expect(screen.queryByTestId('fence-problem')).toBeNull();
    expect(currentNotices().toasts.map((toast) => toast.message)).toEqual([{ key: 'form.success' }]);
  });

  it('sends a change of a fence with its id, and shows the server refusal under the map without closing', async () => {
    const form = show({ row: ROW, shape: CIRCLE, refusal: '请先绘制围栏再保存' });
    expect(screen.queryByRole('button', { name: /所属公司/ })).toBeNull();
    save();
    expect((await screen.findByTestId('fence-problem')).textContent).toBe('请先绘制围栏再保存');
    expect(form.sent).toMatchObject([{ id: 7, name: '东城油库', type: 'circle', address: '东城' }]);
    expect(form.saved()).toBe(0);
  });
});
