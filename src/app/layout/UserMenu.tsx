// The user menu: the user's name, change password, the downloads their kind of user gets, and log out.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../config';
import { downloadsFor, DOWNLOADS_PATH } from '../../domain/shell/downloads';
import { PopupMenu } from '../../ui/PopupMenu';

export interface UserMenuProps {
  readonly userName: string;
  readonly waterTruckUser: boolean;
  readonly onChangePassword: () => void;
  readonly onLogout: () => void;
}

export function UserMenu({ userName, waterTruckUser, onChangePassword, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
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
          <button type="button" role="menuitem" onClick={choose(onChangePassword)}>
            {t('user.changePassword')}
          </button>
          {downloadsFor(waterTruckUser).map((download) => (
            <a key={download.file} role="menuitem" href={`${API_BASE}${DOWNLOADS_PATH}/${download.file}`} download onClick={() => setOpen(false)}>
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
