// monitor/alarm_inbox (our extension, docs/api.md): the company's alarms with where each stands, filtered from the URL,
// a page at a time from the server; batch acknowledge, resolve with a note and assign; the focused alarm's detail
// beside or below the list. Changes from other consoles reach it through the worker's `data.changed`. A legacy backend
// has no inbox: the screen says so.
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tabTitleKey } from '../../../../domain/shell/titles';
import type { AlarmChangeAnswer, InboxAlarm } from '../../../../domain/wire/alarm-inbox';
import type { Paged } from '../../../../domain/wire/records';
import { SearchBar } from '../../../ui/filters';
import { showToast } from '../../../ui/notify';
import { useUrlFilters } from '../../filters/use-url-filters';
import { useCanOpen } from '../../layout/use-can-open';
import { reportFailure } from '../../reactions';
import { useSamePlates } from '../playback/use-same-plates';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { AssignDialog } from './AssignDialog';
import { acknowledgeAlarms, assignAlarms, fetchInboxPage, resolveAlarms } from './inbox-calls';
import { answerToasts, type InboxAction } from './inbox-answer';
import { DEFAULT_INBOX_FILTERS, INBOX_PAGE_SIZE, INBOX_URL_FILTERS, inboxQuery, withInboxFilter, writeInboxFilters, type InboxFilters } from './inbox-filters';
import { inboxSearchFields } from './inbox-search-fields';
import { InboxDetail } from './InboxDetail';
import { InboxGrid } from './InboxGrid';
import { InboxPager } from './InboxPager';
import { ResolveDialog } from './ResolveDialog';
import { useAlarmStateChanges, type ChangedAlarms } from './use-alarm-state-changes';
import './alarm-inbox.css';

const PATH = '/monitor/alarm_inbox';

type ListState = 'loading' | 'loaded' | 'notOffered' | 'failed';
type Dialog = 'resolve' | 'assign';

/** Keys that act on the selection while the list has the focus (shown in the buttons' titles). */
const SHORTCUTS: Readonly<Record<string, 'acknowledge' | Dialog>> = { a: 'acknowledge', r: 'resolve', s: 'assign' };

export default function AlarmInboxScreen() {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  const [filters, applyFilters] = useUrlFilters(PATH, INBOX_URL_FILTERS);
  const [draft, setDraft] = useState<InboxFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);
  const plates = useSamePlates(useFleetTrucks().trucks);
  const fields = useMemo(() => inboxSearchFields(t, plates), [t, plates]);

  // The page goes back to the first whenever the filters change.
  const filtersText = writeInboxFilters(filters);
  const [paging, setPaging] = useState({ filtersText, page: 1 });
  const page = paging.filtersText === filtersText ? paging.page : 1;
  const goTo = (next: number) => setPaging({ filtersText, page: next });

  const [revision, setRevision] = useState(0);
  const [state, setState] = useState<ListState>('loading');
  const [answer, setAnswer] = useState<Paged<InboxAlarm> | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setState('loading');
    fetchInboxPage(inboxQuery(filters, page)).then(
      (paged) => {
        if (!current) return;
        if (paged === 'notOffered') {
          setState('notOffered');
          return;
        }
        setAnswer(paged);
        setState('loaded');
      },
      (error: unknown) => {
        if (!current) return;
        reportFailure(error);
        setState('failed');
      },
    );
    return () => {
      current = false;
    };
    // useUrlFilters hands the same object for the same filters: a URL written again asks nothing again.
  }, [filters, page, revision]);

  const rows = answer?.rows ?? [];
  const total = answer?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  // Resolved alarms leave the open view: a page emptied that way shows the last page left.
  useEffect(() => {
    if (state === 'loaded' && rows.length === 0 && page > pages) setPaging({ filtersText, page: pages });
  }, [state, rows.length, page, pages, filtersText]);

  const [selection, setSelection] = useState<readonly InboxAlarm[]>([]);
  const [clearSelection, setClearSelection] = useState(0);
  const [focused, setFocused] = useState<number | undefined>(undefined);
  const [detailRevision, setDetailRevision] = useState(0);
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const following = useCallback(
    (changed: ChangedAlarms) => {
      setRevision((count) => count + 1);
      if (focused !== undefined && (changed === 'all' || changed.has(focused))) setDetailRevision((count) => count + 1);
    },
    [focused],
  );
  useAlarmStateChanges(following);

  const search = () => applyFilters(draft);
  const reset = () => applyFilters(DEFAULT_INBOX_FILTERS);

  /** Runs a batch change on the selection; tells what it did; rejects when the call failed (a dialog then stays). */
  const change = async (action: InboxAction, send: (seqs: readonly number[]) => Promise<AlarmChangeAnswer>) => {
    const chosen = selection;
    const seqs = chosen.map((row) => row.seq);
    if (seqs.length === 0) return;
    setBusy(true);
    try {
      const result = await send(seqs);
      const plateOf = new Map(chosen.map((row) => [row.seq, row.alarm.signCode]));
      for (const toast of answerToasts(action, result, (seq) => plateOf.get(seq))) showToast(toast.type, toast.message);
      setDialog(undefined);
      setClearSelection((count) => count + 1);
      setRevision((count) => count + 1);
      if (focused !== undefined && seqs.includes(focused)) setDetailRevision((count) => count + 1);
    } catch (error) {
      reportFailure(error);
      throw error;
    } finally {
      setBusy(false);
    }
  };
  const acknowledge = () => change({ kind: 'acknowledge' }, acknowledgeAlarms).catch(() => undefined);
  const resolve = (note: string) => change({ kind: 'resolve' }, (seqs) => resolveAlarms(seqs, note));
  const assign = (assignee: string | null) => change({ kind: 'assign', assignee }, (seqs) => assignAlarms(seqs, assignee));

  const none = selection.length === 0 || busy;
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (none || event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof Element) || !event.target.closest('.inbox-grid')) return;
    const shortcut: 'acknowledge' | Dialog | undefined = SHORTCUTS[event.key.toLowerCase()];
    if (shortcut === undefined) return;
    event.preventDefault();
    if (shortcut === 'acknowledge') void acknowledge();
    else setDialog(shortcut);
  };

  return (
    <article className="page alarm-inbox" data-screen={PATH} data-load={state}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      <SearchBar
        look="report"
        fields={fields}
        values={draft}
        onChange={(key, value) => setDraft((current) => withInboxFilter(current, key, value))}
        onSearch={search}
        onReset={reset}
      />
      {state === 'notOffered' ? (
        <p className="alarm-inbox__empty" role="status">{t('alarmInbox.notOffered')}</p>
      ) : (
        <>
          <div className="alarm-inbox__tools" role="toolbar" aria-label={t('alarmInbox.actions')}>
            <span className="alarm-inbox__total" role="status" data-testid="inbox-total">
              {state === 'loading' && answer === undefined ? t('alarmInbox.loading') : t('alarmInbox.total', { count: total })}
              {selection.length > 0 ? ` · ${t('alarmInbox.selected', { count: selection.length })}` : ''}
            </span>
            <button type="button" className="button button--primary" disabled={none} title={t('alarmInbox.shortcut', { key: 'A' })} onClick={() => void acknowledge()}>
              {t('alarmInbox.acknowledge')}
            </button>
            <button type="button" className="button" disabled={none} title={t('alarmInbox.shortcut', { key: 'R' })} onClick={() => setDialog('resolve')}>
              {t('alarmInbox.resolve.open')}
            </button>
            <button type="button" className="button" disabled={none} title={t('alarmInbox.shortcut', { key: 'S' })} onClick={() => setDialog('assign')}>
              {t('alarmInbox.assign.open')}
            </button>
            <InboxPager page={page} pages={pages} onPage={goTo} />
          </div>
          <div className="alarm-inbox__body" data-detail={focused !== undefined} onKeyDown={onListKey}>
            <InboxGrid rows={rows} focused={focused} onFocus={setFocused} onSelection={setSelection} clearSelection={clearSelection} />
            {focused !== undefined && <InboxDetail seq={focused} revision={detailRevision} canOpen={canOpen} onClose={() => setFocused(undefined)} />}
          </div>
        </>
      )}
      {dialog === 'resolve' && <ResolveDialog count={selection.length} onResolve={resolve} onClose={() => setDialog(undefined)} />}
      {dialog === 'assign' && <AssignDialog count={selection.length} onAssign={assign} onClose={() => setDialog(undefined)} />}
    </article>
  );
}
