// The commissioning screen against a server in memory that judges with the real rules: nothing read before Run check,
// the summary and every check with its mark in zh and en, the console's facts and probe tables, an offline truck's
// failure, a re-run, and a failed read that can be retried.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import CommissioningScreen from '../../../src/app/screens/commissioning/CommissioningScreen';
import { paramFileDef } from '../../../domain/params/catalogue';
import type { ParamFileName } from '../../../domain/params/catalogue-types';
import { judgeCommissioning, type CommissioningFacts } from '../../../domain/params/commissioning';
import { consoleFacts, levelProbeFacts, sealProbeFacts } from '../../../domain/params/commissioning-facts';
import { defaultParamFiles } from '../../../domain/params/device-defaults';
import { parseParamFile, type ParamDocument } from '../../../domain/params/param-text';
import { envelope, stubApi, type Recorded } from '../stub-api';

const SLOW = { timeout: 10_000 };
/** 2026-11-20 09:30 in the tests' zone (Asia/Shanghai). */
const NOW = new Date(2026, 10, 20, 9, 30).getTime();
const TRUCKS = [
  { id: 1, signCode: '京A10001', consoleSn: 'SN0001', online: true },
  { id: 2, signCode: '京A10002', consoleSn: 'SN0002', online: false },
] as const;

/** A truck of two compartments as its new device reports it, online or not, judged by the domain's rules. */
function answerFor(truck: (typeof TRUCKS)[number]) {
  const files = defaultParamFiles({ plate: truck.signCode, compartments: 2, consoleSn: truck.consoleSn });
  const doc = (name: ParamFileName): ParamDocument | undefined => {
    const parsed = parseParamFile(paramFileDef(name), files[name]);
    return parsed.ok ? parsed.doc : undefined;
  };
  const inventory = { '1': { oilCode: 92, vt: 9000, levelMm: 812, v20: 8950, temperature: 18.5 }, '2': { oilCode: 0, vt: 4000, levelMm: 360, v20: 3990, temperature: 18 } };
  const facts: CommissioningFacts = {
    truck: { id: truck.id, signCode: truck.signCode, consoleSn: truck.consoleSn, companyName: '东城油品运输有限公司', compartments: 2 },
    live: truck.online ? { status: 1, gpsTime: NOW - 120_000 } : { status: 0, gpsTime: NOW - 3 * 3_600_000 },
    lastHeartbeat: null,
    console: consoleFacts(doc('syscfg.txt')),
    controllerVersion: null,
    releases: { console: null, controller: null },
    sealProbes: sealProbeFacts(doc('elscfg.txt'), doc('elspproperty.txt')),
    levelProbes: levelProbeFacts(doc('tlscfg.txt'), doc('tlspproperty.txt'), inventory),
  };
  return judgeCommissioning(facts, NOW);
}

function serve(options: { failFirst?: boolean } = {}): Recorded[] {
  let failures = options.failFirst ? 1 : 0;
  return stubApi((method, path, params) => {
    if (method === 'GET' && path === '/entity/setting/base_data/truck') {
      const found = TRUCKS.filter((truck) => !params['signCode'] || truck.signCode.includes(params['signCode']));
      return envelope(200, {
        rows: found.map((truck) => ({ key: String(truck.id), version: 1, status: 1, modifiedBy: null, modifiedAt: null, values: { signCode: truck.signCode } })),
        total: found.length,
      });
    }
    if (method === 'GET' && path === '/deviceTest') {
      if (failures > 0) {
        failures -= 1;
        return envelope(400, null, '没有找到该车辆，或无权查看');
      }
      const truck = TRUCKS.find((candidate) => candidate.id === Number(params['truckId']));
      return truck ? envelope(200, answerFor(truck)) : envelope(400, null, 'no truck');
    }
    return envelope(404, null, `no ${path}`);
  });
}

const runButton = () => screen.getByRole('button', { name: /开始检测|重新检测|Run check|Run again/ }) as HTMLButtonElement;
const checkRow = (id: string) => document.querySelector(`[data-check="${id}"]`) as HTMLElement;

async function chooseTruck(calls: Recorded[], plate: string): Promise<void> {
  await waitFor(() => expect(calls.some((call) => call.path === '/entity/setting/base_data/truck')).toBe(true), SLOW);
  fireEvent.change(screen.getByRole('combobox', { name: '车辆' }), { target: { value: plate } });
  await waitFor(() => expect(runButton().disabled).toBe(false), SLOW);
}

describe('the commissioning screen', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLang('zh');
  });

  it('reads nothing until Run check, then shows the summary and every check with its mark and message', async () => {
    const calls = serve();
    render(<CommissioningScreen />);
    expect(screen.getByText('请选择车辆，然后开始检测')).toBeTruthy();
    expect(runButton().disabled).toBe(true);
    await chooseTruck(calls, '京A10001');
    expect(calls.some((call) => call.path === '/deviceTest')).toBe(false);

    fireEvent.click(runButton());
    const summary = await screen.findByTestId('commissioning-summary', {}, SLOW);
    expect(calls.find((call) => call.path === '/deviceTest')?.params).toEqual({ truckId: '1' });
    // A new device has confirmed no controller upgrade: the one warning.
    expect(summary.textContent).toContain('可以使用，有需要注意的项目');
    expect(summary.textContent).toContain('11项通过，1项警告，0项失败');
    expect(summary.textContent).toContain('检测时间：2026-11-20 09:30:00');
    expect(checkRow('online').textContent).toBe('✓通过在线状态控制台在线');
    expect(within(checkRow('controllerVersion')).getByText('警告')).toBeTruthy();
    expect(checkRow('controllerVersion').textContent).toContain('控制器没有上报版本（尚无确认的控制器升级）');
    expect(checkRow('compartments').textContent).toContain('车辆资料与控制台的仓数均为2');
    expect(screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-check'))).toHaveLength(12);
    expect(runButton().textContent).toBe('重新检测');
  });

  it("shows the console's facts and both probe tables with live values and answers", async () => {
    const calls = serve();
    render(<CommissioningScreen />);
    await chooseTruck(calls, '京A10001');
    fireEvent.click(runButton());
    await screen.findByTestId('commissioning-summary', {}, SLOW);

    const facts = screen.getByRole('region', { name: '控制台信息' });
    expect(within(facts).getByText('控制台版本').nextSibling?.textContent).toBe('V3.2.0');
    expect(within(facts).getByText('控制器版本').nextSibling?.textContent).toBe('未上报');
    expect(within(facts).getByText('设备序列号').nextSibling?.textContent).toBe('SN0001');
    expect(within(facts).getByText('仓数（车辆资料/控制台）').nextSibling?.textContent).toBe('2 / 2');
    expect(within(facts).getByText('工作模式').nextSibling?.textContent).toBe('OBC：数据控制器；铅封：0；液位仪：0');

    const level = screen.getByRole('table', { name: '液位探头' });
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    const levelRows = within(level).getAllByRole('row').slice(1);
    expect(within(level).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['仓号', '地址', '编号', '液位(mm)', '体积Vt(L)', 'V20(L)', '温度(℃)', '应答']);
    expect(cells(levelRows[0]!)).toEqual(['1', 'C0', expect.stringMatching(/^\d{10}$/), '812', '9000', '8950', '18.5', '✓通过 应答正常']);
    expect(cells(levelRows[1]!).slice(0, 4)).toEqual(['2', 'C1', expect.stringMatching(/^\d{10}$/), '360']);

    const seal = screen.getByRole('table', { name: '铅封探头' });
    const sealRows = within(seal).getAllByRole('row').slice(1);
    expect(sealRows).toHaveLength(4);
    expect(cells(sealRows[0]!)).toEqual(['1', '1', '人孔盖', expect.stringMatching(/^\d{10}$/), '0', '✓通过 应答正常']);
    expect(cells(sealRows[2]!).slice(0, 3)).toEqual(['1', '2', '底阀']);
  });

  it('fails an offline truck and says its probes cannot be confirmed', async () => {
    const calls = serve();
    render(<CommissioningScreen />);
    await chooseTruck(calls, '京A10002');
    fireEvent.click(runButton());
    const summary = await screen.findByTestId('commissioning-summary', {}, SLOW);
    expect(summary.textContent).toContain('调试未通过');
    expect(within(checkRow('online')).getByText('失败')).toBeTruthy();
    expect(checkRow('online').textContent).toContain('控制台离线，无法确认设备的实时状态');
    expect(checkRow('heartbeat').textContent).toContain('控制台已180分钟没有上报（超过30分钟）');
    const level = screen.getByRole('table', { name: '液位探头' });
    expect(within(level).getAllByText('控制台离线，无法确认', { exact: false })).toHaveLength(2);
  });

  it('runs again on request, disabled while reading, and forgets the results when another truck is chosen', async () => {
    const calls = serve();
    render(<CommissioningScreen />);
    await chooseTruck(calls, '京A10001');
    fireEvent.click(runButton());
    await screen.findByTestId('commissioning-summary', {}, SLOW);

    fireEvent.click(runButton());
    expect(runButton().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('正在读取控制台…');
    // The last result stays in view while the new one is read.
    expect(screen.getByTestId('commissioning-summary')).toBeTruthy();
    await waitFor(() => expect(runButton().disabled).toBe(false), SLOW);
    expect(calls.filter((call) => call.path === '/deviceTest')).toHaveLength(2);

    fireEvent.change(screen.getByRole('combobox', { name: '车辆' }), { target: { value: '京A10002' } });
    await waitFor(() => expect(screen.queryByTestId('commissioning-summary')).toBeNull(), SLOW);
    expect(runButton().textContent).toBe('开始检测');
  });

  it('says a failed read in the page and lets it be retried', async () => {
    const calls = serve({ failFirst: true });
    render(<CommissioningScreen />);
    await chooseTruck(calls, '京A10001');
    fireEvent.click(runButton());
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe('检测失败，请重试 (没有找到该车辆，或无权查看)');
    expect(runButton().disabled).toBe(false);
    fireEvent.click(runButton());
    await screen.findByTestId('commissioning-summary', {}, SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the checks, facts and probes in English', async () => {
    const calls = serve();
    render(<CommissioningScreen />);
    await chooseTruck(calls, '京A10001');
    fireEvent.click(runButton());
    await screen.findByTestId('commissioning-summary', {}, SLOW);
    await act(() => switchLang('en'));
    await waitFor(() => expect(screen.getByTestId('commissioning-summary').textContent).toContain('Passed 11, warnings 1, failed 0'), SLOW);
    expect(screen.getByTestId('commissioning-summary').textContent).toContain('Checked at 11/20/2026 09:30:00');
    expect(checkRow('consoleSn').textContent).toBe('✓PassDevice SNDevice SN SN0001 matches the truck\'s master data');
    expect(screen.getByRole('table', { name: 'Seal probes' }).textContent).toContain('manhole cover');
    expect(runButton().textContent).toBe('Run again');
  });
});
