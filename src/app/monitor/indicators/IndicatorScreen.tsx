// safe_target and device_target: an indicator dashboard rendered from its definition — the range (30 days,
// 7 days, the past day) kept in the URL, then each figure as it is drawn; every figure opens its report screen.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import { INDICATORS } from '../../../../domain/screens/indicators/dashboards';
import {
  DEFAULT_INDICATOR_RANGE, INDICATOR_RANGES, isIndicatorRange, RANGE_LABEL_KEYS, type IndicatorDef, type IndicatorRange,
} from '../../../../domain/screens/indicators/definition';
import type { IndicatorAnswer } from '../../../../domain/screens/indicators/wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { ViewTabs } from '../../../ui/filters/ViewTabs';
import { reportFailure } from '../../reactions';
import { SCREEN_QUERY, useUrlFilters } from '../../filters/use-url-filters';
import { fetchIndicators } from './indicator-calls';
import { IndicatorFigure } from './IndicatorFigure';
import './indicators.css';

export function SafeTargetScreen() {
  return <IndicatorView def={INDICATORS['/monitor/safe_target']} />;
}

export function IndicatorView({ def }: { readonly def: IndicatorDef }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [query, setQuery] = useUrlFilters(def.path, SCREEN_QUERY);
  const asked = query['range'];
  const range: IndicatorRange = isIndicatorRange(asked) ? asked : DEFAULT_INDICATOR_RANGE;
  const [answer, setAnswer] = useState<IndicatorAnswer | undefined>(undefined);

  useEffect(() => {
    let current = true;
    fetchIndicators(def.path, range).then(
      (next) => current && setAnswer(next),
      (error: unknown) => current && reportFailure(error),
    );
    // A later range's answer wins: an earlier one arriving late is dropped.
    return () => {
      current = false;
    };
  }, [def.path, range]);

  const shown = answer?.range === range ? answer : undefined;
  return (
    <article className="page indicators" data-screen={def.path} data-range={range}>
      <h1>{t(tabTitleKey(def.path))}</h1>
      <div className="indicators__bar">
        <ViewTabs
          label={t('indicators.range.label')}
          tabs={INDICATOR_RANGES.map((id) => ({ id, label: t(RANGE_LABEL_KEYS[id]) }))}
          selected={range}
          onSelect={(id) => setQuery({ ...query, range: id === DEFAULT_INDICATOR_RANGE ? '' : id })}
        />
        {shown && (
          <span className="indicators__period" data-testid="indicator-period">
            {t('indicators.period', { start: displayDateTime(shown.startTime, lang), end: displayDateTime(shown.endTime, lang) })}
          </span>
        )}
      </div>
      {shown ? (
        <div className="indicators__figures" data-testid="indicator-figures">
          {def.figures.map((figure) => {
            const value = shown.figures[figure.key];
            return value ? <IndicatorFigure key={figure.key} figure={figure} value={value} answer={shown} /> : null;
          })}
        </div>
      ) : (
        <p className="indicators__loading">{t('indicators.loading')}</p>
      )}
    </article>
  );
}
