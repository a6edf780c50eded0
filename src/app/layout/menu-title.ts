// Renders a menu title in the current language: the registry's text when known, else the server's name.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuTitle } from '../../../domain/shell/menu';

export function useMenuTitle(): (title: MenuTitle) => string {
  const { t } = useTranslation();
  return useCallback((title: MenuTitle) => (title.key ? t(title.key) : title.text), [t]);
}
