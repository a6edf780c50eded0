// A worker subscription held by an effect: it resolves later than the effect runs, and the effect may end first.

/** What subscribes `listener` and resolves with its unsubscribe (the live source's subscribe and watchTrucks). */
export type Subscribe<T> = (listener: (value: T) => void) => Promise<() => Promise<void>>;

/**
 * Subscribes and returns the effect's cleanup: nothing reaches `listener` after it, and a subscription that lands
 * after the cleanup is ended as soon as it does.
 */
export function subscribeUntilCleanup<T>(subscribe: Subscribe<T>, listener: (value: T) => void): () => void {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  void subscribe((value) => {
    if (!stopped) listener(value);
  }).then((off) => {
    if (stopped) void off();
    else unsubscribe = off;
  });
  return () => {
    stopped = true;
    void unsubscribe?.();
  };
}
