// view_photos (docs/photos.md): the snapshots one truck's events took, in a range of at most 3 days and by
// trigger, as a grid of thumbnails with a viewer. The filters live in the URL (`?plate=` from another screen chooses
// the truck); the plates offered are the user's trucks from the live worker. A legacy backend has no photos: it says so.
import type { CallLoad } from '../../../api/call-load';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoRangeProblem } from '../../../../domain/photos/photo-range';
import type { PhotoListAnswer } from '../../../../domain/photos/photo-wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { CallError } from '../../../api/client';
import { useSamePlates } from '../playback/use-same-plates';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { useUrlFilters } from '../../filters/use-url-filters';
import { fetchPhotos, photoUrl } from './photo-calls';
import { PHOTO_URL_FILTERS } from './photo-filters';
import { PhotoFilters } from './PhotoFilters';
import { PhotoGallery } from './PhotoGallery';
import './photos.css';

const PATH = '/monitor/view_photos';

type Load = CallLoad<PhotoListAnswer>;

export default function PhotosScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(PATH, PHOTO_URL_FILTERS);
  const fleet = useFleetTrucks();
  // A status frame (every 250 ms, up to 10,000 trucks) changes positions, not plates: the picker keeps its list.
  const plates = useSamePlates(fleet.trucks);
  const rule = photoRangeProblem(filters.startTime, filters.endTime);
  const problem = rule && t(rule.key, rule.values);
  // The rule answers a fresh object each render: the effect below depends only on whether it refuses.
  const refused = rule !== undefined;
  const { plate, startTime, endTime, trigger } = filters;

  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  useEffect(() => {
    if (refused || plate === '') {
      setLoad({ kind: 'idle' });
      return undefined;
    }
    let current = true;
    setLoad({ kind: 'loading' });
    // By plate: a link's `?plate=` is searched at once, without waiting for the worker's list of trucks.
    fetchPhotos({ plate, startTime, endTime, ...(trigger === '' ? {} : { trigger }) }).then(
      (answer) => current && setLoad(answer === 'notOffered' ? { kind: 'notOffered' } : { kind: 'loaded', answer }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: error instanceof CallError && !error.shown ? error.message : '' }),
    );
    return () => {
      current = false;
    };
  }, [plate, startTime, endTime, trigger, refused]);

  const answer = load.kind === 'loaded' ? load.answer : undefined;
  return (
    <article className="page photos" data-screen={PATH} data-load={load.kind}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      <PhotoFilters plates={plates} filters={filters} onChange={setFilters} problem={problem} />
      <p className="photos__status" role="status">
        {!refused && plate === '' ? t('photos.chooseTruck') : ''}
        {load.kind === 'loading' ? t('photos.loading') : ''}
        {load.kind === 'notOffered' ? t('photos.notOffered') : ''}
        {load.kind === 'failed' ? load.message : ''}
        {answer && answer.photos.length > 0 && answer.total > answer.photos.length ? t('photos.truncated', { count: answer.total, shown: answer.photos.length }) : ''}
        {answer && answer.photos.length > 0 && answer.total === answer.photos.length ? t('photos.count', { count: answer.total }) : ''}
      </p>
      {answer && <PhotoGallery key={`${answer.truckId}:${startTime}:${endTime}:${trigger}`} photos={answer.photos} imageUrl={photoUrl} />}
    </article>
  );
}
