// The one screen of every master-data route: the definition says what to search, list, edit and check; the list is
// the report grid (server paging and sorting), the edit form a dialog, the status toggle a confirmed call.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '../../../../domain/i18n';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { SearchBar } from '../../../ui/filters';
import { ReportGrid, type BlockRequest, type GridActions, type GridRow } from '../../../ui/grid/ReportGrid';
import { useUrlFilters } from '../../filters/use-url-filters';
import { entityColumns, gridRowOf } from './entity-columns';
import { entityQuery, entityUrlFilters, withFilter, type EntityFilters } from './entity-filters';
import { entitySearchFields } from './entity-search-fields';
import { fetchEntityPage } from './entity-calls';
import type { FormMode } from './entity-form';
import { companyNames } from './entity-values';
import { EntityFormDialog } from './EntityFormDialog';
import { EntityRowActions } from './EntityRowActions';
import { EntityTransfer } from './EntityTransfer';
import { ResetPasswordDialog } from '../accounts/ResetPasswordDialog';
import { SendDialog } from './SendDialog';
import { StatusConfirm, rowName } from './StatusConfirm';
import { useCompanies } from './use-companies';
import { useEntityLive } from './use-entity-live';
import { useStatusToggle } from './use-status-toggle';
import './entity.css';

/** A settings route with a definition (the view registry shows "not available" for the others). */
export default function EntityScreen({ def }: { readonly def: EntityDef }) {
  return <EntityList key={def.path} def={def} />;
}

function EntityList({ def }: { readonly def: EntityDef }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const urlFilters = useMemo(() => entityUrlFilters(def), [def]);
  const [filters, applyFilters] = useUrlFilters(def.path, urlFilters);
  const [draft, setDraft] = useState<EntityFilters>(filters);
  const { companies, saved } = useCompanies(def);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [revision, setRevision] = useState(0);
  const [editing, setEditing] = useState<FormMode | undefined>(undefined);
  const [resetting, setResetting] = useState<EntityRow | undefined>(undefined);
  const [sending, setSending] = useState<EntityRow | undefined>(undefined);
  // The rows the grid has loaded, by key: its buttons act on the row as it was read (its version).
  const loaded = useRef(new Map<string, EntityRow>());

  useEffect(() => setDraft(filters), [filters]);
  const refresh = useCallback(() => setRevision((value) => value + 1), []);
  const toggle = useStatusToggle(def, refresh);
  useEntityLive(def, refresh);

  const { columns, headers } = useMemo(() => entityColumns(def, companyNames(companies), t), [def, companies, t]);
  const generation = JSON.stringify(filters);
  useEffect(() => setTotal(undefined), [generation]);
  const totals = useMemo(() => (total === undefined ? undefined : { total }), [total]);

  const fetchBlock = useCallback(
    async (request: BlockRequest) => {
      const page = Math.floor(request.offset / request.size) + 1;
      const answer = await fetchEntityPage(def, entityQuery(def, filters, page, request.size, request.sort ?? def.sort));
      for (const row of answer.rows) loaded.current.set(row.key, row);
      setTotal(answer.total);
      return { rows: answer.rows.map(gridRowOf), hasMore: request.offset + answer.rows.length < answer.total };
    },
    [def, filters],
  );

  // A read-only list has no buttons at all.
  const actions = useMemo<GridActions<GridRow> | undefined>(
    () => def.readOnly === true ? undefined : ({
      header: t('entity.actions'),
      render: (gridRow) => {
        const row = loaded.current.get(String(gridRow.id));
        return row ? (
          <EntityRowActions
            def={def}
            row={row}
            onEdit={() => setEditing({ kind: 'update', row })}
            onToggle={() => toggle.ask(row)}
            onResetPassword={() => setResetting(row)}
            onSend={() => setSending(row)}
          />
        ) : null;
      },
    }),
    [def, t, toggle.ask],
  );

  const onSaved = () => {
    setEditing(undefined);
    saved();
    refresh();
  };

  return (
    <article className="page entity" data-entity={def.path}>
      <h1>{t(tabTitleKey(def.path))}</h1>
      <SearchBar look="list" fields={entitySearchFields(def, t, companies)} values={draft} onChange={(key, value) => setDraft((current) => withFilter(current, key, value))}
        onSearch={() => applyFilters(draft)} onReset={() => applyFilters({})} />
      <div className="entity__tools">
        <span className="entity__total" data-testid="entity-total">
          {total === undefined ? t('entity.loading') : t('entity.total', { count: total })}
        </span>
        <EntityTransfer def={def} filters={filters} onImported={refresh} />
        {def.readOnly === true ? (
          <span className="entity__read-only">{t('deviceEntity.readOnly')}</span>
        ) : (
          <button type="button" className="entity-button entity-button--primary" onClick={() => setEditing({ kind: 'create' })}>
            {t('entity.add')}
          </button>
        )}
      </div>
      {total === 0 && (
        <p className="entity__empty" role="status">
          {t('entity.empty')}
        </p>
      )}
      <ReportGrid<GridRow>
        columns={columns}
        headers={headers}
        lang={lang}
        fetchBlock={fetchBlock}
        generation={generation}
        revision={revision}
        sort={def.sort}
        summaryLabel=""
        totals={totals}
        actions={actions}
      />
      {editing && <EntityFormDialog def={def} mode={editing} companies={companies} onSaved={onSaved} onClose={() => setEditing(undefined)} />}
      {toggle.asking && <StatusConfirm def={def} row={toggle.asking} busy={toggle.busy} onConfirm={toggle.confirm} onClose={toggle.cancel} />}
      {sending && def.send && <SendDialog def={{ ...def, send: def.send }} row={sending} companies={companies} onClose={() => setSending(undefined)} />}
      {resetting && <ResetPasswordDialog userKey={resetting.key} userName={rowName(resetting, def)} onClose={() => setResetting(undefined)} />}
    </article>
  );
}
