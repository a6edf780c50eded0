// The photos as a grid of thumbnails (time, channel, trigger under each) and, for the one opened, the viewer: a modal
// with the large picture, previous/next by buttons and the arrow keys, Escape or the close button to leave, focus then
// back on the thumbnail it came from. 'No photos to view' when there are none.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '../../../../domain/i18n';
import { displayDateTime } from '../../../../domain/format/time';
import { TRIGGER_LABEL_KEYS } from '../../../../domain/photos/photo-triggers';
import type { Photo, PhotoSize } from '../../../../domain/photos/photo-wire';
import { PhotoImage } from './PhotoThumb';
import { PhotoViewer } from './PhotoViewer';

interface PhotoGalleryProps {
  readonly photos: readonly Photo[];
  readonly imageUrl: (id: string, size: PhotoSize) => string;
}

export function PhotoGallery({ photos, imageUrl }: PhotoGalleryProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [open, setOpen] = useState<number | undefined>(undefined);
  const thumbs = useRef(new Map<number, HTMLButtonElement>());
  if (photos.length === 0) return <p className="photos__empty" role="status">{t('error.noPhotos')}</p>;

  const caption = (photo: Photo) => ({
    time: displayDateTime(photo.time, lang),
    channel: t('photos.channel', { channel: photo.channel }),
    trigger: t(TRIGGER_LABEL_KEYS[photo.trigger]),
  });
  const close = (at: number) => {
    setOpen(undefined);
    // The viewer may have moved on: focus the thumbnail of the photo last shown, which the grid scrolls to.
    requestAnimationFrame(() => thumbs.current.get(at)?.focus());
  };
  const shown = open === undefined ? undefined : photos[open];
  return (
    <>
      <ul className="photos__grid" aria-label={t('photos.grid')} data-photos={photos.length}>
        {photos.map((photo, index) => {
          const text = caption(photo);
          return (
            <li key={photo.id} className="photos__item" data-photo={photo.id}>
              <button
                type="button"
                className="photos__thumb-button"
                aria-label={t('photos.open', text)}
                ref={(element) => {
                  if (element) thumbs.current.set(index, element);
                  else thumbs.current.delete(index);
                }}
                onClick={() => setOpen(index)}
              >
                <PhotoImage className="photos__thumb" src={imageUrl(photo.id, 'thumb')} alt="" lazy />
              </button>
              <span className="photos__caption">
                <time dateTime={new Date(photo.time).toISOString()}>{text.time}</time>
                <span>{text.channel}</span>
                <span className="photos__trigger" data-trigger={photo.trigger}>{text.trigger}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {open !== undefined && shown && (
        <PhotoViewer
          photo={shown}
          caption={caption(shown)}
          index={open}
          count={photos.length}
          src={imageUrl(shown.id, 'full')}
          onStep={(step) => setOpen((at) => Math.min(photos.length - 1, Math.max(0, (at ?? 0) + step)))}
          onClose={() => close(open)}
        />
      )}
    </>
  );
}
