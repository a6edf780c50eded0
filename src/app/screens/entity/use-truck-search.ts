// The caller's trucks whose plate contains what is typed, asked once typing pauses: the one search behind every truck
// picker (the send dialog's, the parameter editor's, the commissioning check's).
import { useEffect, useState } from 'react';
import { findTrucks, type TruckChoice } from './send-calls';

/** The pause after a keystroke before asking the server. */
const TYPING_PAUSE_MS = 200;

interface TruckSearch {
  readonly trucks: readonly TruckChoice[];
  /** How many trucks match in all (more than offered when the page is full). */
  readonly total: number;
}

const NONE: TruckSearch = { trucks: [], total: 0 };

export function useTruckSearch(input: string): TruckSearch {
  const [found, setFound] = useState<TruckSearch>(NONE);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      findTrucks(input).then(
        (result) => current && setFound(result),
        // A failed search offers nothing; the client's toast has told why.
        () => current && setFound(NONE),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input]);
  return found;
}
