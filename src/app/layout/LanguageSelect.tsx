// The language select: every text switches in place, the choice goes to the language cookie, a toast confirms.
import { useTranslation } from 'react-i18next';
import { LANGS, toLang } from '../../../domain/i18n';
import { showToast } from '../../ui/notify';
import { switchLang } from '../i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="topbar__lang">
      <span className="visually-hidden">{t('lang.label')}</span>
      <select
        value={toLang(i18n.language)}
        onChange={async (event) => {
          await switchLang(toLang(event.target.value));
          showToast('success', { key: 'lang.switchSuccess' });
        }}
      >
        {LANGS.map((lang) => (
          <option key={lang} value={lang}>
            {t(`lang.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
