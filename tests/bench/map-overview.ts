// The overview section of `npm run bench:map`: the personal centre as the control room's overview in Chromium, as
// admin over the whole fleet with 1,000 open alarms in the inbox. Measured: the time from navigation to the figures
// showing the fleet and to the open alarms counted, and the main thread's long tasks while loading and while the
// status socket's updates and new alarms arrive. BENCH_VERBOSE=1 prints the long animation frames' scripts.
import Database from 'better-sqlite3';
import { loginAs, newUserPage } from '../helpers/console';
import type { BenchRow, SectionContext } from './map-track';
import { installProbe, LONG_TASK_MS, type LongTask } from './page-probe';

const LOAD_TIMEOUT_MS = 180_000;
const OPEN_ALARMS = 1_000;

interface OverviewOptions {
  readonly dbPath: string;
  readonly updateSeconds: number;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const taskFigure = (tasks: readonly LongTask[]) =>
  `${tasks.length} over ${LONG_TASK_MS} ms, longest ${ms(Math.max(0, ...tasks.map((task) => task.duration)))}`;

/** 1,000 new alarms of the last 20 hours, spread over the fleet, as the simulator stores them. */
function addOpenAlarms(dbPath: string): void {
  const db = new Database(dbPath);
  try {
    const trucks = db.prepare('select id, sign_code as signCode, company_code as companyCode from truck order by id').all() as {
      id: number; signCode: string; companyCode: string;
    }[];
    const insert = db.prepare(`insert into alarm (type, truck_id, sign_code, company_code, start_time, insert_time, remark, properties, state, note)
      values (?, ?, ?, ?, ?, ?, '', '{"speed":95}', 0, '')`);
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < OPEN_ALARMS; i++) {
        const truck = trucks[(i * 7919) % trucks.length];
        if (!truck) throw new Error('the fleet has no trucks');
        const at = now - (i * 72_000);
        insert.run(2, truck.id, truck.signCode, truck.companyCode, at, at);
      }
    })();
  } finally {
    db.close();
  }
}

export async function overviewSection(context: SectionContext, options: OverviewOptions): Promise<BenchRow[]> {
  const { browser, base, trucks } = context;
  addOpenAlarms(options.dbPath);
  const rows: BenchRow[] = [];
  const { context: browserContext, page } = await newUserPage(browser, base);
  await installProbe(browserContext, trucks);
  await loginAs(page, base, 'admin');

  // A fresh document on the overview, as after a reload.
  await page.goto(`${base}/dashboard`);
  // Functions, not strings: the console's content policy forbids evaluating text as script.
  await page.waitForFunction(() => (window as { liveAt?: number }).liveAt !== undefined, undefined, { timeout: LOAD_TIMEOUT_MS });
  const alarmsAt = await page.waitForFunction(
    (least) => (Number(document.querySelector('[data-testid="overview-open-alarms"]')?.textContent) >= least ? performance.now() : false),
    OPEN_ALARMS,
    { timeout: LOAD_TIMEOUT_MS, polling: 'raf' },
  );
  const liveAt = await page.evaluate<number>('window.liveAt');
  await page.waitForTimeout(1000);
  const loadEnd = await page.evaluate<number>('performance.now()');
  const loading = (await page.evaluate<LongTask[]>('window.longTasks')).filter((task) => task.start < loadEnd);
  rows.push({ measure: `figures of all ${trucks} trucks shown, after navigation`, value: ms(liveAt) });
  rows.push({ measure: `${OPEN_ALARMS}+ open alarms counted, after navigation`, value: ms(Number(await alarmsAt.jsonValue())) });
  rows.push({ measure: 'long tasks while loading', value: taskFigure(loading), goal: `none over ${LONG_TASK_MS} ms`, met: loading.length === 0 });

  // Updates: the overview stays open while the status socket sends the fleet's changes and the simulator raises alarms.
  const updatesStart = await page.evaluate<number>('performance.now()');
  await page.waitForTimeout(options.updateSeconds * 1000);
  const updatesEnd = await page.evaluate<number>('performance.now()');
  const updating = (await page.evaluate<LongTask[]>('window.longTasks')).filter((task) => task.start >= updatesStart && task.start < updatesEnd);
  rows.push({ measure: `long tasks during ${options.updateSeconds} s of updates`, value: taskFigure(updating), goal: `none over ${LONG_TASK_MS} ms`, met: updating.length === 0 });
  if (process.env['BENCH_VERBOSE']) console.log(JSON.stringify(await page.evaluate('window.longFrames'), null, 1));
  await browserContext.close();
  return rows;
}
