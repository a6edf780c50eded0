// One snapshot's picture, loaded only when the browser is about to show it (loading="lazy"); a picture that fails (no
// ffmpeg on the server, a render failure) becomes a placeholder that says so rather than a broken-image icon.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PhotoImageProps {
  readonly src: string;
  readonly alt: string;
  readonly className: string;
  readonly lazy?: boolean;
}

export function PhotoImage({ src, alt, className, lazy = false }: PhotoImageProps) {
  const { t } = useTranslation();
  // The address it failed for: another photo gets its own try.
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (failed === src) {
    return <span className={`${className} photos__placeholder`} role="img" aria-label={alt} data-failed="true">{t('photos.unavailable')}</span>;
  }
  return <img className={className} src={src} alt={alt} loading={lazy ? 'lazy' : 'eager'} decoding="async" onError={() => setFailed(src)} />;
}
