// The send list (setting/device_parameter/send_message, params spec §3.2 and §4): every send to trucks' devices with
// its live status and progress (the remote commands' screen is the same list of command sends), filtered in the URL query, a stop on pending file sends. Changes arrive as notices;
// each batch reads just the named rows and patches the loaded blocks (SendRowCache), so a thousand trucks answering
// at once cost one read per batch and the grid redraws only its visible rows.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '../../../../domain/i18n';
import { FILE_SEND_PENDING, isFileSendStatus, type SendKind } from '../../../../domain/params/send-status';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { SearchBar, type Company } from '../../../ui/filters';
import { ReportGrid, type BlockRequest, type GridActions, type GridRow } from '../../../ui/grid/ReportGrid';
import { showToast } from '../../../ui/notify';
import { useUrlFilters } from '../../filters/use-url-filters';
import { reportFailure } from '../../reactions';
import { reportOptions } from '../report/report-options';
import { fetchSendPage, fetchSendsByIds, stopSendCall } from './send-calls';
import { gridRowOf, sendColumns } from './send-columns';
import { SEND_MESSAGE_PATH, SEND_URL_FILTERS, sendFilterQuery, withSendFilter, type SendFilterKey, type SendFilters, type SendListPath } from './send-filters';
import { sendSearchFields } from './send-search-fields';
import { SendRowCache } from './send-row-cache';
import { useSendLive } from './use-send-live';
import '../entity/entity.css';
import './send-message.css';

const ORDER = { key: 'requiredAt', order: 'desc' } as const;

/** Stop sending is for message and file sends still under way (params spec §4); a tank table's send runs its course. */
const stoppable = (kind: unknown, status: unknown): boolean =>
  kind !== 'tankTable' && isFileSendStatus(status) && FILE_SEND_PENDING.has(status);

export interface SendListProps {
  readonly path: SendListPath;
  /** Only sends of this kind (the remote commands' screen): no kind filter. */
  readonly kind?: SendKind;
  /** Buttons beside the total (send a command), given the companies the list has read. */
  readonly tools?: (companies: readonly Company[]) => ReactNode;
}

/** Every send (send_message). */
export default function SendMessageScreen() {
  return <SendList path={SEND_MESSAGE_PATH} />;
}

export function SendList({ path, kind, tools }: SendListProps) {
  const { t, i18n } = useTranslation();
  const [urlFilters, applyFilters] = useUrlFilters(path, SEND_URL_FILTERS);
  const filters = useMemo<SendFilters>(() => (kind ? { ...urlFilters, kind } : urlFilters), [urlFilters, kind]);
  const [draft, setDraft] = useState<SendFilters>(filters);
  const [companies, setCompanies] = useState<readonly Company[]>([]);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [revision, setRevision] = useState(0);
  const [patched, setPatched] = useState<{ readonly rows: readonly GridRow[] } | undefined>(undefined);
  const cache = useRef(new SendRowCache());
  const generation = JSON.stringify(filters);

  useEffect(() => setDraft(filters), [filters]);
  useEffect(() => {
    let current = true;
    reportOptions().then((options) => current && setCompanies(options.companies), reportFailure);
    return () => {
      current = false;
    };
  }, []);
  // New filters start over: nothing loaded for the old ones answers the new.
  const cachedFor = useRef(generation);
  if (cachedFor.current !== generation) {
    cachedFor.current = generation;
    cache.current.clear();
  }
  useEffect(() => setTotal(undefined), [generation]);

  const fetchBlock = useCallback(
    async (request: BlockRequest) => {
      const kept = cache.current.block(request.offset, request.size);
      if (kept) return { rows: kept.map(gridRowOf), hasMore: total === undefined || request.offset + kept.length < total };
      const page = await fetchSendPage({ ...sendFilterQuery(filters), page: Math.floor(request.offset / request.size) + 1, size: request.size });
      cache.current.store(request.offset, request.size, page.rows);
      setTotal(page.total);
      return { rows: page.rows.map(gridRowOf), hasMore: request.offset + page.rows.length < page.total };
    },
    [filters, total],
  );

  const reread = useCallback(() => {
    cache.current.clear();
    setRevision((value) => value + 1);
  }, []);
  const patch = useCallback(
    async (ids: number[]) => {
      const rows = await fetchSendsByIds(ids, sendFilterQuery(filters)).catch(() => undefined);
      if (!rows) return;
      const result = cache.current.patch(ids, rows);
      if (result.reshaped) reread();
      // Only the changed rows are redrawn; the cache answers their blocks' later fetches.
      else if (result.patched > 0) setPatched({ rows: rows.map(gridRowOf) });
    },
    [filters, reread],
  );
  useSendLive((ids) => void patch(ids), reread);

  const search = useCallback(() => applyFilters(draft), [applyFilters, draft]);
  const reset = useCallback(() => applyFilters({}), [applyFilters]);
  const change = useCallback((key: SendFilterKey, value: string) => setDraft((current) => withSendFilter(current, key, value)), []);
  // Memoised: the list's live patches re-render the screen several times a second, never the filters.
  const searchBar = useMemo(
    () => <SearchBar look="list" fields={sendSearchFields(t, companies, kind !== undefined)} values={draft} onChange={change} onSearch={search} onReset={reset} />,
    [t, companies, kind, draft, change, search, reset],
  );
  const { columns, headers } = useMemo(() => sendColumns(t), [t]);
  const totals = useMemo(() => (total === undefined ? undefined : { total }), [total]);
  const actions = useMemo<GridActions<GridRow>>(
    () => ({
      header: t('sendList.actions'),
      render: (gridRow) => {
        const id = Number(gridRow.id);
        return stoppable(gridRow['kind'], gridRow['status']) ? (
          <button type="button" className="entity-link entity-link--danger" aria-label={t('sendList.stopNamed', { plate: String(gridRow['signCode']) })}
            onClick={() => stopSendCall(id).then(() => {
              showToast('success', { key: 'sendList.stopped' });
              void patch([id]);
            }, () => undefined)}>
            {t('sendList.stop')}
          </button>
        ) : null;
      },
    }),
    [t, patch],
  );

  return (
    <article className="page entity send-message" data-screen={path}>
      <h1>{t(tabTitleKey(path))}</h1>
      {searchBar}
      <div className="entity__tools">
        {tools?.(companies)}
        <span className="entity__total" data-testid="send-total">
          {total === undefined ? t('sendList.loading') : t('sendList.total', { count: total })}
        </span>
      </div>
      {total === 0 && <p className="entity__empty" role="status">{t('sendList.empty')}</p>}
      <ReportGrid<GridRow>
        columns={columns}
        headers={headers}
        lang={toLang(i18n.language)}
        fetchBlock={fetchBlock}
        generation={generation}
        revision={revision}
        patched={patched}
        sort={ORDER}
        summaryLabel=""
        totals={totals}
        actions={actions}
      />
    </article>
  );
}
