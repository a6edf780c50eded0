// Shared test data for the shell machines: a session as login produces it, and promise-based actors to drive.
import { fromPromise } from 'xstate';
import type { SessionData } from '../../domain/shell/session';

export const SESSION: SessionData = {
  token: { id: 3, userName: 'operator' },
  headerId: 'token-abc',
  name: '李调度',
  avatar: '',
  roles: [{ roleName: '调度员', superMan: false }],
  companyCode: 'C002',
  companyCodes: ['C002'],
  customer: true,
  lastLoginInfo: { ip: '127.0.0.1', area: '本地网络', time: 1_700_000_000_000 },
};

/** A promise the test settles by hand, so states in between can be observed. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An actor whose every run is recorded and answered by the next queued promise. */
export function scripted<I, O>() {
  const inputs: I[] = [];
  const queue: Array<ReturnType<typeof deferred<O>>> = [];
  const logic = fromPromise<O, I>(({ input }) => {
    inputs.push(input);
    const next = deferred<O>();
    queue.push(next);
    return next.promise;
  });
  return {
    logic,
    inputs,
    resolve: (value: O) => queue.shift()?.resolve(value),
    reject: (error: unknown) => queue.shift()?.reject(error),
  };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
