// Gives react-aria the console's language (i18next's, zh by default) so dates, calendars and announcements follow it.
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/** The BCP 47 locale react-aria formats with for an i18next language. */
function ariaLocaleOf(language: string | undefined): 'zh-CN' | 'en-US' {
  return language?.startsWith('en') ? 'en-US' : 'zh-CN';
}

export function AriaLocale({ children }: { readonly children: ReactNode }) {
  const { i18n } = useTranslation();
  return <I18nProvider locale={ariaLocaleOf(i18n.resolvedLanguage ?? i18n.language)}>{children}</I18nProvider>;
}
