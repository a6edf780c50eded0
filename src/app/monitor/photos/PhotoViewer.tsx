// The viewer of one photo (a modal through src/ui/dialog's ModalDialog, which keeps focus inside and closes on Escape):
// the large picture with its time, channel and trigger, and previous/next by buttons or the arrow keys.
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../../domain/photos/photo-wire';
import { ModalDialog } from '../../../ui/dialog';
import { PhotoImage } from './PhotoThumb';

interface PhotoViewerProps {
  readonly photo: Photo;
  readonly caption: { readonly time: string; readonly channel: string; readonly trigger: string };
  /** The photo's place in the list, from 0. */
  readonly index: number;
  readonly count: number;
  readonly src: string;
  /** −1 for the previous photo, +1 for the next. */
  readonly onStep: (step: -1 | 1) => void;
  readonly onClose: () => void;
}

export function PhotoViewer({ photo, caption, index, count, src, onStep, onClose }: PhotoViewerProps) {
  const { t } = useTranslation();
  // The arrows step wherever focus is while the viewer is open (the page behind is inert, so they mean nothing else).
  // Listening from the commit that shows the viewer (a layout effect), not a frame later: a key pressed as it appears,
  // or right after a step, reaches the step of the photo shown.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      onStep(event.key === 'ArrowLeft' ? -1 : 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onStep]);
  const text = `${caption.time} ${caption.channel} ${caption.trigger}`;
  return (
    <ModalDialog title={t('photos.viewer')} onClose={onClose} className="photos__viewer">
      <div className="photos__stage" data-photo={photo.id} data-index={index}>
        <PhotoImage key={src} className="photos__large" src={src} alt={text} />
        <p className="photos__viewer-caption">
          <span>{text}</span>
          <span aria-live="polite">{t('photos.position', { index: index + 1, count })}</span>
        </p>
        <div className="photos__viewer-buttons">
          {/* aria-disabled, not disabled: a button that just became useless keeps the focus (and Escape keeps working). */}
          <button type="button" onClick={() => onStep(-1)} aria-disabled={index === 0}>{t('photos.previous')}</button>
          <button type="button" onClick={() => onStep(1)} aria-disabled={index >= count - 1}>{t('photos.next')}</button>
          <button type="button" onClick={onClose}>{t('photos.close')}</button>
        </div>
      </div>
    </ModalDialog>
  );
}
