// The 1 / 4 / 9 pane switch, as radio buttons (arrow keys move between them).
import { useTranslation } from 'react-i18next';
import { LAYOUTS, type Layout } from './wall-state';

export function LayoutSwitch({ value, onChange }: { readonly value: Layout; readonly onChange: (layout: Layout) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="video__layouts">
      <legend>{t('video.layout')}</legend>
      {LAYOUTS.map((layout) => (
        <label key={layout}>
          <input type="radio" name="video-layout" checked={value === layout} onChange={() => onChange(layout)} />
          {t('video.layoutOf', { n: layout })}
        </label>
      ))}
    </fieldset>
  );
}
