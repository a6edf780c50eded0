// The fence form of user_enclosure: name, kind, address and (for a new fence) company beside the map where the outline is
// drawn (the screen's map, handed in). The spec's rule first: with nothing drawn the form says 'a fence must be drawn'
// under the map and sends nothing; a refusal from the server shows there too.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FENCE_SHAPE_KINDS, type FenceShape, type FenceShapeKind } from '../../../../domain/fence-shape';
import { showToast } from '../../../ui/notify';
import { CompanyPicker, RequiredMark, type Company } from '../../../ui/filters';
import type { FenceDraft, FenceRow } from './fence-calls';

interface FenceFormProps {
  /** The fence changed; none: a new fence. */
  readonly row: FenceRow | undefined;
  readonly companies: readonly Company[];
  /** The map, drawing; the form reads the outline from it when saving. */
  readonly map: ReactNode;
  readonly readShape: () => FenceShape | undefined;
  readonly onKind: (kind: FenceShapeKind) => void;
  /** Sends the draft; a refusal's message comes back to be shown under the map. */
  readonly save: (draft: FenceDraft) => Promise<string | undefined>;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}

const isKind = (value: string): value is FenceShapeKind => (FENCE_SHAPE_KINDS as readonly string[]).includes(value);

export function FenceForm({ row, companies, map, readShape, onKind, save, onSaved, onCancel }: FenceFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(row?.name ?? '');
  const [kind, setKind] = useState<FenceShapeKind>(row && isKind(row.type) ? row.type : 'polygon');
  const [address, setAddress] = useState(row?.address ?? '');
  const [company, setCompany] = useState(companies[0]?.code ?? '');
  // The caller's companies may come after the form opened: the first is the default until one is chosen.
  useEffect(() => {
    if (company === '' && companies[0]) setCompany(companies[0].code);
  }, [company, companies]);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [nameMissing, setNameMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const chooseKind = (next: FenceShapeKind) => {
    setKind(next);
    onKind(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missingName = name.trim() === '';
    setNameMissing(missingName);
    const shape = readShape();
    setProblem(shape ? undefined : t('validation.fenceRequired'));
    if (missingName || !shape || saving) return;
    setSaving(true);
    try {
      const refused = await save({ id: row?.id, name: name.trim(), type: kind, address: address.trim(), companyCode: company, shape });
      if (refused !== undefined) {
        setProblem(refused);
        return;
      }
      showToast('success', { key: 'form.success' });
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="fences__editor">
      <div className="fences__draw">
        {map}
        <p className="fences__hint">{t('fences.drawHint', { shape: t(`fences.shape.${kind}`) })}</p>
        {problem !== undefined && <p className="fences__problem" role="alert" data-testid="fence-problem">{problem}</p>}
      </div>
      <form className="fences__form" aria-label={t(row ? 'fences.formTitleEdit' : 'fences.formTitleNew')} onSubmit={(event) => void submit(event)} noValidate>
        <h2>{t(row ? 'fences.formTitleEdit' : 'fences.formTitleNew')}</h2>
        <label className="fences__field" htmlFor={`${id}-name`}>
          <span><RequiredMark />{t('fences.name')}</span>
          <input id={`${id}-name`} value={name} maxLength={100} aria-invalid={nameMissing} aria-describedby={nameMissing ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)} />
        </label>
        {nameMissing && <p id={`${id}-name-error`} className="fences__problem">{t('validation.required')}</p>}
        <fieldset className="fences__kinds">
          <legend>{t('fences.type')}</legend>
          {FENCE_SHAPE_KINDS.map((value) => (
            <label key={value}>
              <input type="radio" name={`${id}-kind`} value={value} checked={kind === value} onChange={() => chooseKind(value)} />
              {t(`fences.shape.${value}`)}
            </label>
          ))}
        </fieldset>
        <label className="fences__field" htmlFor={`${id}-address`}>
          <span>{t('fences.address')}</span>
          <input id={`${id}-address`} value={address} maxLength={200} onChange={(event) => setAddress(event.target.value)} />
        </label>
        {!row && (
          <CompanyPicker label={t('fences.company')} companies={companies} value={company} onChange={setCompany} isRequired className="fences__picker" />
        )}
        <div className="fences__buttons">
          <button type="submit" className="fences__primary" disabled={saving}>{t('fences.save')}</button>
          <button type="button" onClick={onCancel}>{t('fences.cancel')}</button>
        </div>
      </form>
    </div>
  );
}
