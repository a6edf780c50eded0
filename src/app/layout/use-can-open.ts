// Whether the user's menu holds a path: a screen offers a link to another screen only where the user may open it
// (a path outside the menu would end on the 404 page).
import { useCallback, useMemo } from 'react';
import { buildShellMenu, menuAllows } from '../../../domain/shell/menu';
import { useSessionContext } from '../session/SessionProvider';

export function useCanOpen(): (path: string) => boolean {
  const menus = useSessionContext((context) => context.shell?.menus);
  const menu = useMemo(() => buildShellMenu(menus ?? []), [menus]);
  return useCallback((path: string) => menuAllows(menu, path), [menu]);
}
