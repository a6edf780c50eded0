// The breadcrumb: menu group, then screen, from the route registry.
import { useTranslation } from 'react-i18next';
import { breadcrumbKeys } from '../../../domain/shell/titles';

export function Breadcrumb({ path }: { readonly path: string }) {
  const { t } = useTranslation();
  const keys = breadcrumbKeys(path);
  return (
    <nav className="breadcrumb" aria-label={t('layout.breadcrumb')}>
      <ol>
        {keys.map((key, index) => (
          <li key={key} aria-current={index === keys.length - 1 ? 'page' : undefined}>
            {t(key)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
