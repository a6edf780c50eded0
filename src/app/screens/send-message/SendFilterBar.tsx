// The send list's filters: kind, status, part of a plate, company and the required-time range. Edits stay a draft until
// Search (or Enter).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SEND_KINDS, sendKindKey } from '../../../../domain/params/send-status';
import { RANGE_PRESETS } from '../../../../domain/screens/reports/definition';
import { ChoiceField, CompanyPicker, DateTimeRangePicker, TextFilter, type Company } from '../../../ui/filters';
import { statusText } from './send-columns';
import { ANY_SEND_STATUSES, withSendFilter, type SendFilters } from './send-filters';

interface SendFilterBarProps {
  readonly draft: SendFilters;
  readonly companies: readonly Company[];
  /** The list shows one kind only: no kind to choose. */
  readonly kindFixed?: boolean;
  readonly onDraft: (next: SendFilters) => void;
  readonly onSearch: () => void;
  readonly onReset: () => void;
}

/** Memoised: the list's live patches re-render the screen several times a second, never the filters. */
export const SendFilterBar = memo(function SendFilterBar({ draft, companies, kindFixed, onDraft, onSearch, onReset }: SendFilterBarProps) {
  const { t } = useTranslation();
  const all = t('sendList.filter.all');
  return (
    <form
      className="entity-search"
      role="search"
      aria-label={t('entity.searchLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {kindFixed !== true && (
        <ChoiceField label={t('sendList.filter.kind')} emptyLabel={all} value={draft.kind ?? ''}
          choices={SEND_KINDS.map((kind) => ({ value: kind, label: t(sendKindKey(kind)) }))}
          onChange={(value) => onDraft(withSendFilter(draft, 'kind', value))} />
      )}
      <ChoiceField label={t('sendList.filter.status')} emptyLabel={all} value={draft.status ?? ''}
        choices={ANY_SEND_STATUSES.map((status) => ({ value: status, label: statusText(t, status) }))}
        onChange={(value) => onDraft(withSendFilter(draft, 'status', value))} />
      <TextFilter label={t('sendList.filter.plate')} name="search" maxLength={20} value={draft.search ?? ''}
        onChange={(value) => onDraft(withSendFilter(draft, 'search', value))} />
      <CompanyPicker label={t('sendList.filter.company')} companies={companies} emptyLabel={all} value={draft.companyCode ?? ''}
        onChange={(value) => onDraft(withSendFilter(draft, 'companyCode', value))} />
      <DateTimeRangePicker
        presets={RANGE_PRESETS}
        value={{
          startTime: draft.startTime === undefined ? undefined : Number(draft.startTime),
          endTime: draft.endTime === undefined ? undefined : Number(draft.endTime),
        }}
        onChange={(range) => onDraft({ ...draft, startTime: String(range.startTime), endTime: String(range.endTime) })}
      />
      <div className="entity-search__actions">
        <button type="submit" className="entity-button entity-button--primary">{t('entity.search')}</button>
        <button type="button" className="entity-button" onClick={onReset}>{t('entity.reset')}</button>
      </div>
    </form>
  );
});
