// The list's pages: previous, "page n of m", next; the server pages (Paged: rows and total).
import { useTranslation } from 'react-i18next';

interface InboxPagerProps {
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
}

export function InboxPager({ page, pages, onPage }: InboxPagerProps) {
  const { t } = useTranslation();
  return (
    <nav className="inbox-pager" aria-label={t('alarmInbox.page.label')}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('alarmInbox.page.previous')}
      </button>
      <span aria-live="polite">{t('alarmInbox.page.of', { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('alarmInbox.page.next')}
      </button>
    </nav>
  );
}
