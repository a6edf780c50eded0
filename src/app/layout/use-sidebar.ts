// The sidebar's open state: remembered in a cookie (1 closed, 0 open) on desktop; collapsed below 1024 px.
import { useCallback, useState, useSyncExternalStore } from 'react';
import { MOBILE_WIDTH_PX } from '../../../domain/constants';
import { readCookie, writeCookie } from '../cookies';

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIDEBAR_CLOSED = '1';
const SIDEBAR_OPEN = '0';

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The spec's device type: narrower than 1024 px counts as mobile. */
function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeResize, () => window.innerWidth < MOBILE_WIDTH_PX);
}

interface SidebarState {
  readonly open: boolean;
  readonly mobile: boolean;
  readonly toggle: () => void;
  /** On mobile the sidebar overlays the page, so following a link closes it. */
  readonly closeIfMobile: () => void;
}

export function useSidebar(): SidebarState {
  const mobile = useIsMobile();
  const [opened, setOpened] = useState(() => readCookie(SIDEBAR_COOKIE) !== SIDEBAR_CLOSED);
  // On mobile the sidebar starts collapsed and opening it there does not change the remembered desktop choice.
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggle = useCallback(() => {
    if (mobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setOpened((open) => {
      writeCookie(SIDEBAR_COOKIE, open ? SIDEBAR_CLOSED : SIDEBAR_OPEN);
      return !open;
    });
  }, [mobile]);
  const closeIfMobile = useCallback(() => {
    if (mobile) setMobileOpen(false);
  }, [mobile]);
  return { open: mobile ? mobileOpen : opened, mobile, toggle, closeIfMobile };
}
