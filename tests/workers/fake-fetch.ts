// A fetch for the worker's background calls without a server: answers envelopes per path, records every request.
import { envelope, failure } from '../../domain/wire/envelope';
import type { HttpAnswer } from '../../domain/wire/answer';
import type { FetchLike } from '../../workers/session-request';

interface FetchRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly signal: AbortSignal;
}

/**
 * What the fake answers: an envelope body, 'network' (the fetch rejects), 'hang' (never answers), 'hold' (answers when
 * the test calls `release`), or an HTTP status.
 */
export type FakeAnswer = { readonly body: unknown } | 'network' | 'hang' | 'hold' | { readonly status: number };

export interface FakeFetch {
  readonly fetch: FetchLike;
  readonly requests: FetchRequest[];
  /** Requests whose URL (without its query) ends with `path`. */
  calls(path: string): FetchRequest[];
  /** Sets the answer for a path (the end of the URL without its query); unset paths answer HTTP 404. */
  answer(path: string, answer: FakeAnswer): void;
  /** Answers every held request with this envelope body (whether or not its signal was aborted). */
  release(body: unknown): void;
  /**
   * Resolves once every answer given so far has been read and what the poll does with it has run (hanging and held
   * requests do not count until released): the point where a poll is done with its turn.
   */
  settled(): Promise<void>;
}

export const ok = (data: unknown): FakeAnswer => ({ body: envelope(data) });
export const fail = (resultCode: number): FakeAnswer => ({ body: failure(resultCode, 'failed') });

export function fakeFetch(): FakeFetch {
  const requests: FetchRequest[] = [];
  const answers = new Map<string, FakeAnswer>();
  const held: ((answer: HttpAnswer) => void)[] = [];
  const given: Promise<unknown>[] = [];
  /** An answer whose body read is tracked too, so `settled` waits for the poll's own read. */
  const answered = (status: number, body: unknown): HttpAnswer => ({
    ok: status >= 200 && status < 300,
    status,
    json: () => {
      const read = Promise.resolve(structuredClone(body));
      given.push(read);
      return read;
    },
  });
  const track = <T>(promise: Promise<T>): Promise<T> => {
    given.push(promise.catch(() => undefined));
    return promise;
  };
  const pathOf = (url: string) => url.split('?')[0] ?? url;
  const answerOf = (url: string): FakeAnswer => {
    for (const [path, answer] of answers) if (pathOf(url).endsWith(path)) return answer;
    return { status: 404 };
  };
  const fetch: FetchLike = (url, init) => {
    requests.push({ url, method: init.method, headers: init.headers, body: init.body, signal: init.signal });
    const answer = answerOf(url);
    if (answer === 'network') return track(Promise.reject(new TypeError('Failed to fetch')));
    if (answer === 'hang') return new Promise<HttpAnswer>(() => undefined);
    if (answer === 'hold') return new Promise<HttpAnswer>((resolve) => held.push(resolve));
    if ('status' in answer) return track(Promise.resolve(answered(answer.status, null)));
    return track(Promise.resolve(answered(200, answer.body)));
  };
  return {
    fetch,
    requests,
    calls: (path) => requests.filter((request) => pathOf(request.url).endsWith(path)),
    answer: (path, answer) => void answers.set(path, answer),
    release(body) {
      for (const resolve of held.splice(0)) {
        const answer = answered(200, body);
        given.push(Promise.resolve(answer));
        resolve(answer);
      }
    },
    async settled() {
      // Reads may be added while earlier ones settle (an answer, then its body): wait until no new one appears.
      for (let seen = -1; seen !== given.length; ) {
        seen = given.length;
        await Promise.all(given);
        // The poll's own continuations after the read are microtasks: one macrotask turn lets them all run.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}
