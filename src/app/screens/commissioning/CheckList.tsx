// The check's outcome: the overall result with the counts and time, then every check with its mark and message.
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import { summarize, type CommissioningAnswer } from '../../../../domain/params/commissioning';
import { StatusMark } from './StatusMark';

export function CheckSummary({ answer }: { readonly answer: CommissioningAnswer }) {
  const { t, i18n } = useTranslation();
  const summary = summarize(answer.checks);
  return (
    <section className={`commissioning-summary commissioning-summary--${summary.overall}`} data-testid="commissioning-summary">
      <p className="commissioning-summary__overall">
        <StatusMark status={summary.overall} /> <strong>{t(`commissioning.overall.${summary.overall}`)}</strong>
      </p>
      <p className="commissioning-summary__counts">{t('commissioning.summary', { pass: summary.pass, warn: summary.warn, fail: summary.fail })}</p>
      <p className="commissioning-summary__time">{t('commissioning.checkedAt', { time: displayDateTime(answer.checkedAt, toLang(i18n.language)) })}</p>
    </section>
  );
}

export function CheckList({ answer }: { readonly answer: CommissioningAnswer }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="commissioning-checks">
      <h2 id="commissioning-checks" className="commissioning__title">{t('commissioning.checksTitle')}</h2>
      <ul className="commissioning-checks">
        {answer.checks.map((check) => (
          <li key={check.id} className={`commissioning-check commissioning-check--${check.status}`} data-check={check.id}>
            <StatusMark status={check.status} />
            <span className="commissioning-check__name">{t(`commissioning.check.${check.id}`)}</span>
            <span className="commissioning-check__message">{t(check.message.key, check.message.values)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
