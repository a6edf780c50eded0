// What the console's views need of the live worker, derived from LiveApi: its listening calls as a tab makes them and
// the plain calls the views use. A LiveClient is one as it stands; tests fake it.
import type { LiveApi, LiveListening } from '../../../workers/live-api';
import type { TabListening } from '../../live/live-client';

/** A plain worker call as a tab makes it: through Comlink every answer is a promise. */
type TabCall<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * Plain calls of LiveApi as a tab makes them: what `Comlink.Remote<LiveApi>` offers for them, without the proxy members
 * Remote adds to each, so a fake is plain async functions.
 */
type TabCalls<K extends Exclude<keyof LiveApi, keyof LiveListening<unknown>>> = { readonly [M in K]: TabCall<LiveApi[M]> };

/** The worker's plain calls the views make. */
type ViewCall = 'setAlarmTypes' | 'dismissNotice' | 'setVisible' | 'reportInput' | 'claimDesktopAlert' | 'diagnostics';

export interface LiveSource extends TabListening {
  readonly api: TabCalls<ViewCall>;
}
