// The dashboards' one call: GET /indicator<path>?range= (docs/indicators.md), its answer checked before use.
import i18next from 'i18next';
import { callPath, CallError } from '../../../api/client';
import type { IndicatorPath, IndicatorRange } from '../../../../domain/screens/indicators/definition';
import { indicatorCallPath, isIndicatorAnswer, type IndicatorAnswer } from '../../../../domain/screens/indicators/wire';

export async function fetchIndicators(path: IndicatorPath, range: IndicatorRange): Promise<IndicatorAnswer> {
  const answer = await callPath<unknown>('GET', indicatorCallPath(path), { range });
  if (isIndicatorAnswer(answer)) return answer;
  throw new CallError(i18next.t('indicators.readFail'), undefined, undefined, false);
}
