// One compartment drawn as a tank (liquid_level): filled to its Vt over its capacity in its product's colour,
// with its product, Vt, V20, level and temperature beside it, and whether its seal is on. The drawing is an image with
// its own text alternative; every figure is also written out, so nothing depends on seeing the colours.
import { useTranslation } from 'react-i18next';
import { fuelKind, fuelLabelKey, roundVolume } from '../../../../domain/fuel';
import { FUEL_FILL_COLORS, fillShare, productCode } from '../../../../domain/map/tank-fill';
import type { TankInventory } from '../../../../domain/wire/truck-row';

const HEIGHT = 64;
const WIDTH = 36;

export function TankGauge({ compartment, tank }: { readonly compartment: string; readonly tank: TankInventory }) {
  const { t } = useTranslation();
  const share = fillShare(tank);
  const product = productCode(tank) ?? t(fuelLabelKey(tank.oilCode, 'loadingAbnormal'));
  const percent = share === undefined ? undefined : Math.round(share * 100);
  const filled = (share ?? (tank.vt > 0 ? 1 : 0)) * (HEIGHT - 4);
  const seal = tank.sealed === undefined ? undefined : t(tank.sealed ? 'liquidLevel.sealed' : 'liquidLevel.unsealed');
  return (
    <figure className={`tank-gauge${tank.sealed === false ? ' tank-gauge--open' : ''}`} data-compartment={compartment}>
      <svg width={WIDTH} height={HEIGHT} role="img" aria-label={t('liquidLevel.fill', { compartment, percent: percent ?? '—' })}>
        <rect x="1" y="1" width={WIDTH - 2} height={HEIGHT - 2} rx="6" fill="#fff" stroke="#909399" strokeWidth="2" />
        <rect x="2" y={HEIGHT - 2 - filled} width={WIDTH - 4} height={filled} rx="4" fill={FUEL_FILL_COLORS[fuelKind(tank.oilCode)]} opacity="0.85" />
      </svg>
      <figcaption>
        <b>{t('liquidLevel.compartment', { compartment })}</b> {product}
        <span>Vt {roundVolume(tank.vt)} L{percent === undefined ? '' : ` · ${percent}%`}</span>
        {tank.v20 !== undefined && <span>V20 {roundVolume(tank.v20)} L</span>}
        {tank.levelMm !== undefined && <span>{t('liquidLevel.level', { mm: tank.levelMm })}</span>}
        {tank.temperature !== undefined && <span>{tank.temperature} °C</span>}
        {seal !== undefined && <span className="tank-gauge__seal">{seal}</span>}
      </figcaption>
    </figure>
  );
}
