// The alarm socket's feed: what the client missed since lastSeq (from the database), then live alarms, no gap, no duplicate,
// and the notices of changed data its user may hear. Alarms go out in the contract's shape; under the spec's contract no
// lastSeq reaches the feed, so it sends live alarms only, and no notices.
import { expandTypeIds, parseTypeIds, passesChoice } from '../../domain/alarm-types';
import { parseAlarmSocketOpen, type AlarmSocketOpen } from '../../domain/wire/sockets';
import { grantedOutside, narrowCompanies, type AuthContext } from '../auth/context';
import type { Services } from '../services';
import { alarmsAfter, lastAlarmSeq } from '../store/alarms';
import type { Notice, PublishedAlarm } from './hub';
import { noticeFor, type NoticeViewer } from './notices';
import type { Feed, FeedSender } from './connection';
import { SeqWindow } from './seq-window';
import type { LiveLimits } from './socket-policy';

/** Replay reads the database in pages so a long absence neither loads everything at once nor stops at a cap. */
const REPLAY_PAGE = 1000;

/**
 * A live alarm goes to every alarm socket of the instance (hundreds in a control room's day): it is shaped and
 * serialised once per contract, not once per socket. Keyed by the published object, which the hub hands to all.
 */
const serialised = new WeakMap<Services['wire'], WeakMap<PublishedAlarm, string>>();

function alarmText(wire: Services['wire'], published: PublishedAlarm): string {
  let texts = serialised.get(wire);
  if (!texts) serialised.set(wire, (texts = new WeakMap()));
  let text = texts.get(published);
  if (text === undefined) texts.set(published, (text = JSON.stringify(wire.alarm(published.alarm))));
  return text;
}

interface AlarmFeedOptions {
  readonly now?: () => number;
  /** The replay's database read; tests slow it down to open the window between read and live alarms. */
  readonly read?: typeof alarmsAfter;
  /** The newest stored seq; tests slow it down to open the window before the replay starts. */
  readonly newest?: typeof lastAlarmSeq;
}

export function createAlarmFeed(
  services: Services,
  limits: LiveLimits,
  sender: FeedSender,
  options: AlarmFeedOptions = {},
): Feed<AlarmSocketOpen> {
  const { now = Date.now, read = alarmsAfter, newest = lastAlarmSeq } = options;
  /** The open message's userPri; undefined before one was applied. */
  let requested: readonly string[] | undefined;
  /** The user's companies when this socket last learned them. */
  let allowed: ReadonlySet<string> = new Set();
  let companies: readonly string[] = [];
  let companySet: ReadonlySet<string> = new Set();
  /** Empty: none (the user unticked everything; the console asks for every type while no choice is saved). A parent brings its events. */
  let typeIds: readonly number[] = [];
  let typeSet: ReadonlySet<number> = new Set();
  /**
   * Seqs sent (or held by the client): none is sent twice. A set rather than a highest mark, because live alarms from
   * other instances and the bus's catch-up after an outage may arrive below seqs already sent (seq-window.ts).
   */
  const sent = new SeqWindow();
  /** Live alarms that arrive while the replay is read; sent after it. */
  let buffer: PublishedAlarm[] | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopNotices: (() => void) | undefined;
  /** The user as last loaded, for notices: their rights, and the companies the console asked for. */
  let viewer: NoticeViewer | undefined;
  let disposed = false;

  const matches = (published: PublishedAlarm) =>
    companySet.has(published.companyCode) && passesChoice(typeSet, published.alarm.type);

  const deliver = (published: PublishedAlarm) => {
    if (disposed || !sent.add(published.alarm.seq)) return;
    sender.text(alarmText(services.wire, published));
    // Dropping a reader that falls behind is safe: it reconnects with lastSeq and the replay fills the gap.
    if (sender.backlog() > limits.maxBufferedBytes) sender.close('overloaded');
  };

  const onLive = (published: PublishedAlarm) => {
    if (!matches(published)) return;
    if (buffer) buffer.push(published);
    else deliver(published);
  };

  /**
   * A notice is not an alarm: the chosen types do not filter it, and it has no seq (a reconnect does not replay it).
   * Notices exist only under our contract; the spec's alarm socket carries alarms.
   */
  const onNotice = (notice: Notice) => {
    if (disposed || !viewer) return;
    const heard = noticeFor(viewer, notice);
    const frame = heard && services.wire.notice(heard);
    if (frame) sender.json(frame);
  };

  const viewerOf = (auth: AuthContext): NoticeViewer => ({
    superMan: auth.superMan,
    functions: auth.functions,
    companyCodes: new Set(auth.companyCodes),
    followed: companySet,
  });

  async function replay(after: number): Promise<void> {
    const filter = { companyCodes: companies, typeIds };
    const since = now() - limits.replayWindowMs;
    for (let from = after; ; ) {
      const page = await read(services.db, from, since, filter, REPLAY_PAGE);
      if (disposed) return;
      for (const published of page) deliver(published);
      const last = page.at(-1);
      if (!last || page.length < REPLAY_PAGE) return;
      from = last.alarm.seq;
    }
  }

  return {
    parse: parseAlarmSocketOpen,

    async open(message: AlarmSocketOpen, auth: AuthContext) {
      requested = message.userPri.map((entry) => entry.key);
      allowed = new Set(auth.companyCodes);
      companies = narrowCompanies(auth.companyCodes, requested);
      companySet = new Set(companies);
      typeSet = expandTypeIds(parseTypeIds(message.typeIds));
      typeIds = [...typeSet];
      // Buffering starts before the first read of the database, and the subscription before any read: an alarm
      // stored meanwhile is in the replay or in the buffer (or both), and none goes out ahead of the replay.
      if (message.lastSeq !== undefined) buffer = [];
      unsubscribe ??= services.hub.onAlarm(onLive);
      viewer = viewerOf(auth);
      stopNotices ??= services.hub.onNotice(onNotice);
      if (message.lastSeq === undefined) return;
      // A lastSeq beyond the newest stored alarm comes from another database (recreated or restored): honouring it
      // would silence this socket until the new seqs pass it, so the client gets the replay window instead.
      const from = message.lastSeq > (await newest(services.db)) ? 0 : message.lastSeq;
      sent.raiseFloor(from);
      // If a read fails the error closes the socket without flushing the buffer: sending newer alarms past a
      // hole would move the client's lastSeq beyond what it missed.
      await replay(sent.highest);
      const held = buffer ?? [];
      buffer = undefined;
      for (const published of held) deliver(published);
    },

    /** From the next live alarm on: a newly granted company's earlier alarms are not sent (a later replay may). */
    refilter(auth: AuthContext) {
      if (!requested) return Promise.resolve();
      // A grant the client could not name: it reconnects (with lastSeq, so nothing is lost) after reading its privileges.
      if (grantedOutside(requested, allowed, auth.companyCodes)) {
        sender.close('accessChanged');
        return Promise.resolve();
      }
      allowed = new Set(auth.companyCodes);
      companies = narrowCompanies(auth.companyCodes, requested);
      companySet = new Set(companies);
      viewer = viewerOf(auth);
      return Promise.resolve();
    },

    dispose() {
      disposed = true;
      unsubscribe?.();
      stopNotices?.();
      buffer = undefined;
    },
  };
}
