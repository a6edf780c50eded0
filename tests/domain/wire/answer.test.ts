// One judge of HTTP answers for the tabs' client and the worker's background calls: statuses, envelopes, resultCodes.
import { describe, expect, it } from 'vitest';
import { isMissingAnswer, judgeAnswer, type HttpAnswer } from '../../../domain/wire/answer';
import { envelope, failure } from '../../../domain/wire/envelope';

function answer(status: number, body: unknown): HttpAnswer & { reads: number } {
  return {
    status,
    ok: status >= 200 && status < 300,
    reads: 0,
    async json() {
      this.reads += 1;
      if (body instanceof Error) throw body;
      return body;
    },
  };
}

describe('judging an answer', () => {
  it('gives the data of resultCode 200 and the spec §8 reaction of every other code', async () => {
    expect(await judgeAnswer(answer(200, envelope({ n: 1 })))).toEqual({ kind: 'data', data: { n: 1 } });
    const refused = async (code: number) => judgeAnswer(answer(200, failure(code, `code ${code}`)));
    expect(await refused(504)).toEqual({ kind: 'refused', reaction: 'logoutAndReload', resultCode: 504, message: 'code 504' });
    expect(await refused(401)).toMatchObject({ kind: 'refused', reaction: 'accessLimitAlert' });
    expect(await refused(500)).toMatchObject({ kind: 'refused', reaction: 'accessErrorAlert' });
    expect(await refused(403)).toMatchObject({ kind: 'refused', reaction: 'errorToast' });
  });

  it('tells HTTP 500 from other failed statuses without reading their bodies', async () => {
    const [broken, missing] = [answer(500, envelope(null)), answer(404, envelope(null))];
    expect(await judgeAnswer(broken)).toEqual({ kind: 'transport', failure: 'http500', status: 500 });
    expect(await judgeAnswer(missing)).toEqual({ kind: 'transport', failure: 'http', status: 404 });
    expect([broken.reads, missing.reads]).toEqual([0, 0]);
  });

  it("carries a refusal's data when the server sent any", async () => {
    const stale = { resultCode: 409, message: 'stale', data: { current: { key: '1' } } };
    expect(await judgeAnswer(answer(200, stale))).toEqual({ kind: 'refused', reaction: 'errorToast', resultCode: 409, message: 'stale', data: stale.data });
    expect(await judgeAnswer(answer(200, failure(400, 'bad')))).not.toHaveProperty('data');
  });

  it('counts a body that is no envelope, or no JSON at all, as notJson', async () => {
    expect(await judgeAnswer(answer(200, { rows: [] }))).toEqual({ kind: 'transport', failure: 'notJson', status: 200 });
    expect(await judgeAnswer(answer(200, new SyntaxError('not JSON')))).toEqual({ kind: 'transport', failure: 'notJson', status: 200 });
  });

  it('calls a call missing when the status or the resultCode is 404, and nothing else', async () => {
    expect(isMissingAnswer(await judgeAnswer(answer(404, null)))).toBe(true);
    expect(isMissingAnswer(await judgeAnswer(answer(200, failure(404, 'no such call'))))).toBe(true);
    expect(isMissingAnswer(await judgeAnswer(answer(500, null)))).toBe(false);
    expect(isMissingAnswer(await judgeAnswer(answer(200, failure(504, 'expired'))))).toBe(false);
  });
});
