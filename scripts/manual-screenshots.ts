// `npm run manual:screenshots`: takes the manuals' screenshots from the built console in Chromium, in zh and en, against
// the real server with a seeded simulator on a temp database, and writes them to server/manuals/images/. The report
// shots get a server of their own whose fleet has 30 days of history; the others keep a fleet without history.
// The npm script first installs Chromium and a CJK font when missing and builds the console when stale.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGS, translate, type Lang } from '../domain/i18n';
import { MANUAL_IMAGES_DIR, MANUAL_SHOTS, manualImageName, type ManualShot } from '../server/manuals/shots';
import type { Services } from '../server/services';
import { backfill } from '../server/sim';
import { startDeviceResponder, type DeviceResponder } from '../server/sim/device-responder';
import { call, login, raiseSimAlarm } from '../tests/helpers/api';
import { launchBrowser } from '../tests/helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../tests/helpers/console';
import { startSimServer, type SimServer } from '../tests/helpers/server';
import { HISTORY_SHOTS, RECIPES, type DemoUser, type ShotContext } from './manual-shots';

// The console shows China time, as its users see it; Chromium and the server take the zone from here.
process.env.TZ = 'Asia/Shanghai';

/** The simulator's seed and size: the same fleet, plates and companies on every run. */
const SEED = 20261122;
const TRUCKS = 40;
/** The history of the report shots' fleet, as a first start fills it (server/fleet.ts prepareFleet), positions shortened. */
const HISTORY = { eventDays: 30, positionDays: 1 } as const;
/** The operator's company: its trucks carry the raised alarms, so the operator's console shows them. */
const OPERATOR_COMPANY = 'C002';

async function operatorTrucks(server: SimServer): Promise<number[]> {
  const rows = await server.services.db
    .selectFrom('truck')
    .select('id')
    .where('companyCode', '=', OPERATOR_COMPANY)
    .where('model', '=', 'fuel')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * One pass over some shots in one language: a fresh server (so quick-access entries and alarms start empty), with the
 * fleet's history filled when `history`, and the shots written to disk.
 */
async function takePass(browser: Browser, lang: Lang, shots: readonly ManualShot[], history: boolean): Promise<string[]> {
  if (shots.length === 0) return [];
  const staticDir = requireBuiltConsole();
  const prepare = history
    ? async (services: Services) => void (await backfill(services.db, { seed: SEED, now: Date.now(), ...HISTORY }))
    : undefined;
  const server = await startSimServer({ staticDir, seed: SEED, trucks: TRUCKS, prepare });
  const contexts: BrowserContext[] = [];
  const pages = new Map<DemoUser, Page>();
  const tokens = new Map<DemoUser, Promise<string>>();
  // Started by the first shot that sends anything: the devices answer as the real server's (server/fleet.ts) do.
  let responder: DeviceResponder | undefined;
  try {
    const admin = (await login(server.url, 'admin')).token;
    const trucks = await operatorTrucks(server);
    let next = 0;
    const open = async () => {
      const opened = await newUserPage(browser, server.url, lang);
      contexts.push(opened.context);
      return opened.page;
    };
    const ctx: ShotContext = {
      base: server.url,
      lang,
      t: (key, values) => translate(lang, key, values),
      async pageOf(user) {
        const known = pages.get(user);
        if (known) return known;
        const page = await open();
        await loginAs(page, server.url, user);
        pages.set(user, page);
        return page;
      },
      anonymousPage: open,
      async raise(type) {
        const truckId = trucks[next++ % Math.max(1, trucks.length)];
        await raiseSimAlarm(server.url, admin, truckId === undefined ? { type } : { type, truckId });
      },
      async api(user, method, apiPath, options = {}) {
        let token = tokens.get(user);
        if (!token) tokens.set(user, (token = login(server.url, user).then((loggedIn) => loggedIn.token)));
        return call(server.url, method, apiPath, { ...options, token: await token });
      },
      answeringDevices() {
        responder ??= startDeviceResponder(server.services, server.simulator.devices);
        return server.simulator.devices;
      },
      async tick(aheadMs) {
        await server.simulator.tick(Date.now() + aheadMs);
      },
    };
    const written: string[] = [];
    for (const shot of shots) {
      const file = path.join(MANUAL_IMAGES_DIR, manualImageName(shot, lang));
      fs.writeFileSync(file, await RECIPES[shot](ctx));
      written.push(file);
      console.log(`  ${path.relative(process.cwd(), file)}  ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
    }
    return written;
  } finally {
    responder?.stop();
    for (const context of contexts) await context.close().catch(() => undefined);
    await server.close();
  }
}

/** Arguments name shots to retake (`npm run manual:screenshots -- login dashboard`); none: every shot. */
const only = new Set(process.argv.slice(2));
const unknown = [...only].filter((name) => !(MANUAL_SHOTS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`no such shot: ${unknown.join(', ')} (shots: ${MANUAL_SHOTS.join(', ')})`);
  process.exit(2);
}

fs.mkdirSync(MANUAL_IMAGES_DIR, { recursive: true });
const browser = await launchBrowser();
try {
  let total = 0;
  const chosen = MANUAL_SHOTS.filter((shot) => only.size === 0 || only.has(shot));
  for (const lang of LANGS) {
    console.log(`${lang}:`);
    for (const history of [false, true]) {
      const shots = chosen.filter((shot) => HISTORY_SHOTS.has(shot) === history);
      for (const file of await takePass(browser, lang, shots, history)) total += fs.statSync(file).size;
    }
  }
  console.log(`written: ${(total / 1024).toFixed(0)} KB`);
} finally {
  await browser.close();
}
