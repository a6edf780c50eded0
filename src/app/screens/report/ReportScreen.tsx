// The one screen of every report and analysis route: the definition says what to ask, show, total, chart and export.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { toLang } from '../../../../domain/i18n';
import type { ReportDef, ReportSort } from '../../../../domain/screens/reports/definition';
import { emptyKeyOf, filterKeys, hasYearFilter, queryProblem, REPORT_PAGE, type QueryProblem } from '../../../../domain/screens/reports/query';
import { reportFor, reportId, tabsOf } from '../../../../domain/screens/reports/registry';
import { defaultFilters, drillDownUrl, filtersSearch, HIGHLIGHT_KEYS, TAB_KEY, type ReportFilters } from '../../../../domain/screens/reports/url-query';
import type { ReportOptions, ReportRow, ReportTotals } from '../../../../domain/screens/reports/wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { SearchBar, ViewTabs } from '../../../ui/filters';
import { ReportGrid, type BlockRequest } from '../../../ui/grid/ReportGrid';
import { showToast } from '../../../ui/notify';
import { useUrlFilters } from '../../filters/use-url-filters';
import { reportFailure } from '../../reactions';
import { NotAvailable } from '../../views/NotAvailable';
import { ExportButton } from './ExportButton';
import { HandlingDialog } from './HandlingDialog';
import { ReportChartPanel } from './ReportChartPanel';
import { fetchReportPage, fetchReportTotals, fetchReportYears, reportOptions, reportQuery, saveHandling } from './report-calls';
import { reportSearchFields, withReportFilter } from './report-search-fields';
import { useReportRefresh } from './use-report-refresh';
import { reportUrlFilters } from './report-url-filters';
import './report.css';

const tabInUrl = (search: string): string | undefined => new URLSearchParams(search).get(TAB_KEY) ?? undefined;

/**
 * A report route, on the tab its address names. The tab strip's plain path (coming back to the view) keeps the tab on
 * screen; a link with filters and no tab opens the first.
 */
export default function ReportScreen({ path }: { readonly path: string }) {
  const [location] = useLocation();
  const search = useSearch();
  const onScreen = location === path;
  const [tab, setTab] = useState<string | undefined>(() => (onScreen ? tabInUrl(search) : undefined));
  useEffect(() => {
    if (onScreen && search !== '') setTab(tabInUrl(search));
  }, [onScreen, search]);
  const def = reportFor(path, tab);
  return def ? <Report key={reportId(def)} def={def} /> : <NotAvailable path={path} />;
}

/** The filters of one tab that another takes along (companies, plate, range): the keys both have. */
function sharedFilters(from: ReportFilters, to: ReportDef): ReportFilters {
  const keys = new Set(filterKeys(to));
  return Object.fromEntries(Object.entries(from).filter(([key]) => keys.has(key)));
}

/** The years a year report offers, asked once per definition; none for a report without a year filter. */
function useReportYears(def: ReportDef): readonly number[] | undefined {
  const [years, setYears] = useState<readonly number[] | undefined>(undefined);
  useEffect(() => {
    if (!hasYearFilter(def)) return undefined;
    let current = true;
    fetchReportYears(def).then((answer) => current && setYears(answer), reportFailure);
    return () => {
      current = false;
    };
  }, [def]);
  return years;
}

/** Opened from an alarm (`at`), a screen lists from the alarm on, oldest first, so the alarm's row leads. */
function initialSort(def: ReportDef, filters: ReportFilters): ReportSort {
  if (filters.sort && def.columns.some((column) => column.key === filters.sort)) {
    return { key: filters.sort, order: filters.order === 'asc' ? 'asc' : 'desc' };
  }
  if (filters[HIGHLIGHT_KEYS.at] && def.columns.some((column) => column.key === 'startTime')) return { key: 'startTime', order: 'asc' };
  return def.sort;
}

function Report({ def }: { readonly def: ReportDef }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [, navigate] = useLocation();
  const urlFilters = useMemo(() => reportUrlFilters(def), [def]);
  const [filters, applyFilters] = useUrlFilters(def.path, urlFilters);
  const [draft, setDraft] = useState<ReportFilters>(filters);
  const [problem, setProblem] = useState<QueryProblem | undefined>(undefined);
  const [options, setOptions] = useState<ReportOptions | undefined>(undefined);
  const [totals, setTotals] = useState<ReportTotals | undefined>(undefined);
  const [selection, setSelection] = useState<readonly ReportRow[]>([]);
  const [handling, setHandling] = useState(false);
  const { revision, refresh } = useReportRefresh(def);

  // Filters that came in a link are checked as the Search button checks them: a refused query is not sent.
  const linkProblem = useMemo(() => queryProblem(def, reportQuery(filters, 1, REPORT_PAGE.defaultSize, undefined)), [def, filters]);
  useEffect(() => {
    setDraft(filters);
    setProblem(linkProblem);
  }, [filters, linkProblem]);
  useEffect(() => {
    reportOptions().then(setOptions, reportFailure);
  }, []);
  const years = useReportYears(def);

  const sort = useMemo(() => initialSort(def, filters), [def, filters]);
  const headers = useMemo(() => def.columns.map((column) => t(column.labelKey)), [def, t]);
  const generation = JSON.stringify(filters);

  useEffect(() => {
    let current = true;
    setTotals(undefined);
    if (linkProblem) return undefined;
    fetchReportTotals(def, reportQuery(filters, 1, 1, undefined)).then((answer) => current && setTotals(answer), reportFailure);
    return () => {
      current = false;
    };
  }, [def, filters, revision, linkProblem]);

  const fetchBlock = useCallback(
    (request: BlockRequest) => {
      if (linkProblem) return Promise.resolve({ rows: [], hasMore: false });
      const pageNumber = Math.floor(request.offset / request.size) + 1;
      return fetchReportPage(def, reportQuery(filters, pageNumber, request.size, request.sort ?? sort));
    },
    [def, filters, sort, linkProblem],
  );

  const search = (next: ReportFilters) => {
    const found = queryProblem(def, reportQuery(next, 1, REPORT_PAGE.defaultSize, undefined));
    setProblem(found);
    if (!found) applyFilters(next);
  };

  // A trend's quick range is a Search with that range: the rest of the draft (a plate just picked) goes with it.
  const searchRange = (range: { readonly startTime: number; readonly endTime: number }) =>
    search({ ...draft, startTime: String(range.startTime), endTime: String(range.endTime) });

  const reset = () => {
    setProblem(undefined);
    applyFilters(defaultFilters(def, Date.now()));
  };

  const tabs = tabsOf(def);
  const openTab = (id: string) => {
    const target = tabs.find((candidate) => reportId(candidate) === id);
    if (target) navigate(`${def.path}?${filtersSearch(target, sharedFilters(filters, target))}`);
  };

  const at = filters[HIGHLIGHT_KEYS.at];
  const isHighlighted = useMemo(
    () => (at === undefined ? undefined : (row: ReportRow) => row['startTime'] === Number(at) && (!filters.signCode || row['signCode'] === filters.signCode)),
    [at, filters.signCode],
  );

  const openRow = useCallback(
    (row: ReportRow) => {
      const url = def.drillDown && drillDownUrl(def.drillDown, row, filters);
      if (url) navigate(url);
    },
    [def, filters, navigate],
  );

  const saveSelected = async (state: 1 | 2, description: string) => {
    try {
      const count = await saveHandling(def, selection.map((row) => row.id), state, description);
      showToast('success', { key: 'report.handleSaved', values: { count } });
      setHandling(false);
      setSelection([]);
      refresh();
    } catch (error) {
      reportFailure(error);
    }
  };

  return (
    <article className="page report" data-report={def.path} data-tab={def.tab?.key}>
      <h1>{t(tabTitleKey(def.path))}</h1>
      {tabs.length > 1 && (
        <ViewTabs
          tabs={tabs.map((tab) => ({ id: reportId(tab), label: tab.tab ? t(tab.tab.labelKey) : '' }))}
          selected={reportId(def)}
          label={t('report.tabs')}
          onSelect={openTab}
        />
      )}
      <SearchBar look="report" fields={reportSearchFields(def, t, options, years ?? [], draft)} values={draft} onChange={(key, value) => setDraft((current) => withReportFilter(current, key, value))}
        onSearch={() => search(draft)} onReset={reset} problem={problem && t(problem.key, problem.params)} />
      <div className="report__tools">
        <span className="report__total" data-testid="report-total">
          {totals ? t('report.total', { count: totals.total }) : linkProblem ? '' : t('report.loading')}
        </span>
        {def.handling && (
          <button type="button" className="button" disabled={selection.length === 0} onClick={() => setHandling(true)}>
            {t('report.handleSelected', { count: selection.length })}
          </button>
        )}
        <ExportButton def={def} filters={filters} total={totals?.total} />
      </div>
      {def.chart && <ReportChartPanel def={def} chart={def.chart} filters={filters} generation={generation} lang={lang} onRange={searchRange} />}
      {totals?.total === 0 && (
        <p className="report__empty" role="status">
          {t(emptyKeyOf(def, filters))}
        </p>
      )}
      <ReportGrid
        columns={def.columns}
        headers={headers}
        lang={lang}
        fetchBlock={fetchBlock}
        generation={generation}
        revision={revision}
        sort={sort}
        summaryLabel={t('report.summary')}
        totals={totals}
        isHighlighted={isHighlighted}
        selectable={def.handling === true}
        onSelection={setSelection}
        onRowOpen={def.drillDown ? openRow : undefined}
      />
      {handling && <HandlingDialog count={selection.length} onSave={saveSelected} onClose={() => setHandling(false)} />}
    </article>
  );
}
