// The titled page of a screen a later issue builds: its title and "not available yet", never made-up data.
import { useTranslation } from 'react-i18next';
import { tabTitleKey } from '../../../domain/shell/titles';

export function NotAvailable({ path }: { readonly path: string }) {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1>{t(tabTitleKey(path))}</h1>
      <p>{t('app.notAvailable')}</p>
    </article>
  );
}
