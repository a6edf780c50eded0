// The probes as the console reports them: level probes with their compartment's live reading, seal probes with their
// sensor reading, each with whether it answers and why not.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paramFileDef } from '../../../../domain/params/catalogue';
import type { Judged, LevelProbe, SealProbe } from '../../../../domain/params/commissioning';
import { StatusMark } from './StatusMark';

const SENSOR_TYPES = paramFileDef('elscfg.txt').sections.find((s) => s.id === 'probe')?.fields.find((f) => f.key === 'type')?.options ?? [];
const NONE = '—';
const shown = (value: number | null) => (value === null ? NONE : String(value));
const hex = (address: number) => address.toString(16).toUpperCase();

function Answer({ probe }: { readonly probe: Judged }) {
  const { t } = useTranslation();
  return (
    <td className="commissioning-probes__answer">
      <StatusMark status={probe.status} /> {t(probe.message.key, probe.message.values)}
    </td>
  );
}

function ProbeTable({ id, title, headers, rows }: { readonly id: string; readonly title: string; readonly headers: readonly string[]; readonly rows: readonly ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="commissioning__title">{title}</h2>
      {rows.length === 0 ? (
        <p className="commissioning__hint">{t('commissioning.noProbes')}</p>
      ) : (
        <table className="commissioning-probes" aria-labelledby={id}>
          <thead>
            <tr>{headers.map((header) => <th key={header} scope="col">{header}</th>)}</tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      )}
    </section>
  );
}

export function LevelProbeTable({ probes }: { readonly probes: readonly LevelProbe[] }) {
  const { t } = useTranslation();
  const headers = ['compartment', 'address', 'sn', 'level', 'vt', 'v20', 'temperature', 'answers'] as const;
  return (
    <ProbeTable
      id="commissioning-level"
      title={t('commissioning.levelTitle')}
      headers={headers.map((key) => t(`commissioning.column.${key}`))}
      rows={probes.map((probe) => (
        <tr key={probe.index} data-probe={hex(probe.address)} data-status={probe.status}>
          <td>{probe.compartment}</td>
          <td>{hex(probe.address)}</td>
          <td>{probe.psn}</td>
          <td>{shown(probe.levelMm)}</td>
          <td>{shown(probe.vt)}</td>
          <td>{shown(probe.v20)}</td>
          <td>{shown(probe.temperature)}</td>
          <Answer probe={probe} />
        </tr>
      ))}
    />
  );
}

export function SealProbeTable({ probes }: { readonly probes: readonly SealProbe[] }) {
  const { t } = useTranslation();
  const headers = ['compartment', 'line', 'type', 'sn', 'value', 'answers'] as const;
  return (
    <ProbeTable
      id="commissioning-seal"
      title={t('commissioning.sealTitle')}
      headers={headers.map((key) => t(`commissioning.column.${key}`))}
      rows={probes.map((probe) => {
        const type = SENSOR_TYPES.find((option) => option.value === probe.type);
        return (
          <tr key={probe.index} data-probe={probe.sn} data-status={probe.status}>
            <td>{probe.compartment}</td>
            <td>{probe.line}</td>
            <td>{type ? t(type.labelKey) : probe.type}</td>
            <td>{probe.sn}</td>
            <td>{shown(probe.sensorValue)}</td>
            <Answer probe={probe} />
          </tr>
        );
      })}
    />
  );
}
