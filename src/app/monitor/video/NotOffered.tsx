// Said on the video screens when the backend has no video calls (a legacy backend): its users watch through the video
// software plugin, which the user menu's link still opens.
import { useTranslation } from 'react-i18next';

export function NotOffered() {
  const { t } = useTranslation();
  return <p className="video__not-offered" role="alert">{t('video.notOffered')}</p>;
}
