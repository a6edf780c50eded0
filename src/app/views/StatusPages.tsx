// Pages outside the shell: the public 404 page and the wait while a stored session is checked.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <h1>404</h1>
      <p>{t('app.notFound')}</p>
      <Link href="/">{t('app.backHome')}</Link>
    </main>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <p role="status">{t('app.loading')}</p>
    </main>
  );
}
