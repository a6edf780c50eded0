// The send list's search bar fields: kind (unless the list shows one kind only), status, part of a plate, company and
// the required-time range.
import type { TFunction } from 'i18next';
import { SEND_KINDS, sendKindKey } from '../../../../domain/params/send-status';
import { RANGE_PRESETS } from '../../../../domain/screens/reports/definition';
import type { Company, SearchField } from '../../../ui/filters';
import { statusText } from './send-columns';
import { ANY_SEND_STATUSES, type SendFilterKey } from './send-filters';

export function sendSearchFields(t: TFunction, companies: readonly Company[], kindFixed: boolean): readonly SearchField<SendFilterKey>[] {
  const all = t('sendList.filter.all');
  const kind: SearchField<SendFilterKey> = {
    kind: 'choice', key: 'kind', label: t('sendList.filter.kind'), emptyLabel: all,
    choices: SEND_KINDS.map((value) => ({ value, label: t(sendKindKey(value)) })),
  };
  return [
    ...(kindFixed ? [] : [kind]),
    {
      kind: 'choice', key: 'status', label: t('sendList.filter.status'), emptyLabel: all,
      choices: ANY_SEND_STATUSES.map((status) => ({ value: status, label: statusText(t, status) })),
    },
    { kind: 'text', key: 'search', label: t('sendList.filter.plate'), maxLength: 20 },
    { kind: 'company', key: 'companyCode', label: t('sendList.filter.company'), companies, emptyLabel: all },
    { kind: 'range', from: 'startTime', to: 'endTime', presets: RANGE_PRESETS },
  ];
}
