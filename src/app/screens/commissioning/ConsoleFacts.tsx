// What the console says about itself beside the truck's master data: online, last report, versions (with the newest
// release of the truck's company), SN, app mode, compartments and work modes by their catalogue labels.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import { paramFileDef } from '../../../../domain/params/catalogue';
import type { CommissioningAnswer } from '../../../../domain/params/commissioning';

const OBC_MODES = paramFileDef('syscfg.txt').header.find((field) => field.key === 'obcWorkMode')?.options ?? [];
const NONE = '—';

function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="commissioning-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ConsoleFacts({ answer }: { readonly answer: CommissioningAnswer }) {
  const { t, i18n } = useTranslation();
  const { truck, console: reported, releases } = answer;
  const version = (value: string | null, release: string | null) => (
    <>
      {value === null || value === '' ? t('commissioning.fact.unknown') : value}
      {release !== null && <span className="commissioning-facts__note">{t('commissioning.fact.release', { version: release })}</span>}
    </>
  );
  const obc = OBC_MODES.find((option) => option.value === reported.obcWorkMode);
  const mode = (value: number | null, on: boolean) => `${value ?? NONE}${on ? '' : ` (${t('commissioning.fact.off')})`}`;
  return (
    <section aria-labelledby="commissioning-facts">
      <h2 id="commissioning-facts" className="commissioning__title">{t('commissioning.factsTitle')}</h2>
      <dl className="commissioning-facts">
        <Fact label={t('commissioning.fact.plate')}>{truck.signCode}</Fact>
        <Fact label={t('commissioning.fact.company')}>{truck.companyName}</Fact>
        <Fact label={t('commissioning.fact.online')}>{t(answer.online ? 'commissioning.fact.onlineYes' : 'commissioning.fact.onlineNo')}</Fact>
        <Fact label={t('commissioning.fact.lastReport')}>
          {answer.lastHeardAt === null ? t('commissioning.fact.never') : displayDateTime(answer.lastHeardAt, toLang(i18n.language))}
        </Fact>
        <Fact label={t('commissioning.fact.consoleVersion')}>{version(reported.version, releases.console)}</Fact>
        <Fact label={t('commissioning.fact.controllerVersion')}>{version(answer.controllerVersion, releases.controller)}</Fact>
        <Fact label={t('commissioning.fact.sn')}>{reported.sn === '' ? t('commissioning.fact.unknown') : reported.sn}</Fact>
        <Fact label={t('commissioning.fact.appMode')}>{reported.appMode ?? NONE}</Fact>
        <Fact label={t('commissioning.fact.compartments')}>{`${truck.compartments} / ${reported.cabins ?? NONE}`}</Fact>
        <Fact label={t('commissioning.fact.workModes')}>
          {t('commissioning.workModes', {
            obc: obc ? t(obc.labelKey) : (reported.obcWorkMode ?? NONE),
            spds: mode(reported.spdsWorkMode, reported.spdsWorkEn),
            tls: mode(reported.tlsWorkMode, reported.tlsWorkEn),
          })}
        </Fact>
      </dl>
    </section>
  );
}
