// A pass / warn / fail mark that does not rest on colour alone: a symbol and the word, in the colour of its status.
import { useTranslation } from 'react-i18next';
import type { CheckStatus } from '../../../../domain/params/commissioning';

const SYMBOL: Readonly<Record<CheckStatus, string>> = { pass: '✓', warn: '!', fail: '✕' };

export function StatusMark({ status }: { readonly status: CheckStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`commissioning-mark commissioning-mark--${status}`} data-status={status}>
      <span className="commissioning-mark__symbol" aria-hidden="true">{SYMBOL[status]}</span>
      {t(`commissioning.status.${status}`)}
    </span>
  );
}
