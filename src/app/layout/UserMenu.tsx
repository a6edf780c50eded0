// The user menu: the user's name and account (role, company, last login), the zone times are shown in, change
// password, the downloads their kind of user gets (a manual opens as a page in a new tab, in the current language), and
// log out.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../workers/backend-address';
import { toLang } from '../../../domain/i18n';
import { downloadName, downloadsFor, DOWNLOADS_PATH, type Download } from '../../../domain/shell/downloads';
import { PopupMenu } from '../../ui/PopupMenu';
import { UserAccount } from './UserAccount';
import { ZoneChoice } from './ZoneChoice';

export interface UserMenuProps {
  readonly userName: string;
  readonly waterTruckUser: boolean;
  readonly onChangePassword: () => void;
  readonly onLogout: () => void;
}

/** A file downloads as an attachment; a manual is a page, read beside the console rather than saved. */
const linkTarget = (download: Download) =>
  download.kind === 'file' ? { download: true } : { target: '_blank', rel: 'noopener' };

export function UserMenu({ userName, waterTruckUser, onChangePassword, onLogout }: UserMenuProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div className="usermenu">
      <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {userName} ▾
      </button>
      {open && (
        <PopupMenu label={t('user.menu')} onClose={close} className="popup usermenu__menu">
          <p className="popup__header">{userName}</p>
          <UserAccount />
          <ZoneChoice />
          <button type="button" role="menuitem" onClick={choose(onChangePassword)}>
            {t('user.changePassword')}
          </button>
          {downloadsFor(waterTruckUser).map((download) => (
            <a
              key={download.labelKey}
              role="menuitem"
              href={`${API_BASE}${DOWNLOADS_PATH}/${downloadName(download, lang)}`}
              {...linkTarget(download)}
              onClick={() => setOpen(false)}
            >
              {t(download.labelKey)}
            </a>
          ))}
          <button type="button" role="menuitem" onClick={choose(onLogout)}>
            {t('user.logout')}
          </button>
        </PopupMenu>
      )}
    </div>
  );
}
