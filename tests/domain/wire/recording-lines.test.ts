// The NDJSON line rules shared by the server's replay tool and the worker's import.
import { describe, expect, it } from 'vitest';
import { parseRecordingLine, parseRecordingLines } from '../../../domain/wire/recording-lines';

describe('parseRecordingLine', () => {
  it('reads a frame object and gives a reason for each kind of bad line', () => {
    expect(parseRecordingLine('{"t":5,"socket":"alarm","data":{"type":2}}')).toEqual({ t: 5, socket: 'alarm', data: { type: 2 } });
    expect(parseRecordingLine('{"t":5,')).toBe('not JSON');
    expect(parseRecordingLine('[1,2]')).toBe('not a JSON object');
    expect(parseRecordingLine('{"t":-1,"socket":"truck","data":[]}')).toBe('t must be a non-negative number of milliseconds');
    expect(parseRecordingLine('{"t":"1","socket":"truck","data":[]}')).toBe('t must be a non-negative number of milliseconds');
    expect(parseRecordingLine('{"t":1,"socket":"video","data":[]}')).toBe('socket must be "truck" or "alarm"');
    expect(parseRecordingLine('{"t":1,"socket":"truck"}')).toBe('data is missing');
  });

  it('keeps data that is null or a string: what it must hold is the reader’s own check', () => {
    expect(parseRecordingLine('{"t":0,"socket":"truck","data":null}')).toEqual({ t: 0, socket: 'truck', data: null });
    expect(parseRecordingLine('{"t":0,"socket":"alarm","data":"pong"}')).toEqual({ t: 0, socket: 'alarm', data: 'pong' });
  });
});

describe('parseRecordingLines', () => {
  const text = [
    '{"t":0,"socket":"truck","data":[]}',
    '',
    'garbage',
    '  {"t":10,"socket":"alarm","data":{"seq":1}}  ',
    '{"t":20,"socket":"alarm","data":{"seq":"x"}}',
    '',
  ].join('\n');

  it('skips blank lines, numbers problems by their line in the file, and lets the reader refuse data', () => {
    const parsed = parseRecordingLines(text, (line) =>
      line.socket === 'alarm' && typeof (line.data as { seq?: unknown }).seq !== 'number' ? 'seq must be a number' : line.t,
    );
    expect(parsed.frames).toEqual([0, 10]);
    expect(parsed.problems).toEqual([
      { line: 3, reason: 'not JSON' },
      { line: 5, reason: 'seq must be a number' },
    ]);
  });

  it('reads an empty file as no frames and no problems', () => {
    expect(parseRecordingLines('', (line) => line)).toEqual({ frames: [], problems: [] });
  });
});
