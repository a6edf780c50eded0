// What the console shows, inside its layout, at a path the user cannot open: a screen their role has no right to, or a
// path that is no screen. The menu and the other tabs stay, so the user goes on from where they are.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DASHBOARD_PATH } from '../../../domain/routes';

export type DeniedKind = 'noAccess' | 'notFound';

export function DeniedPage({ kind }: { readonly kind: DeniedKind }) {
  const { t } = useTranslation();
  return (
    <section className="page denied-page" data-denied={kind} aria-labelledby="denied-title">
      <h1 id="denied-title">{t(kind === 'noAccess' ? 'app.noAccess' : 'app.notFound')}</h1>
      <p>{t(kind === 'noAccess' ? 'app.noAccessHint' : 'app.notFoundHint')}</p>
      <Link href={DASHBOARD_PATH} className="denied-page__home">
        {t('app.backHome')}
      </Link>
    </section>
  );
}
