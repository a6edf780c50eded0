// The process-state catalogue (params spec §4): the spec's ten states, in delivery order, each named in zh and en, the
// three codes of the folded catalogue kept, and what event data and the report cells accept.
import { describe, expect, it } from 'vitest';
import { isEventData } from '../../domain/event-shapes';
import { carriesProcess, EVENT_KINDS } from '../../domain/events';
import { translate } from '../../domain/i18n';
import { isProcessState, PROCESS_STATES, processLabelKey } from '../../domain/process-states';
import { cellText } from '../../domain/screens/reports/cells';
import { EVENT_SAMPLES } from '../fixtures/event-samples';

/** The spec's English names (params spec §4) and the terms the console shows in Chinese. */
const NAMES = [
  ['initializing', 'Initializing', '初始化'],
  ['idle', 'Idle', '空闲'],
  ['transporting', 'Transporting', '运输'],
  ['loading_takeover', 'Loading take-over', '装油交接'],
  ['loading', 'Loading (bottom/top)', '装油（底装/顶装）'],
  ['loading_stopped', 'Depot loading stopped', '油库装油停止'],
  ['unloading_takeover', 'Unloading take-over', '卸油交接'],
  ['unloading', 'Unloading', '卸油'],
  ['unloading_stopped', 'Unloading stopped', '卸油停止'],
  ['waiting_empty', 'Waiting for emptying', '等待排空'],
] as const;

describe('process states', () => {
  it('are the spec\'s ten, in the order a delivery walks them, with the folded catalogue\'s three codes among them', () => {
    expect(PROCESS_STATES).toEqual(NAMES.map(([code]) => code));
    expect(PROCESS_STATES).toEqual(expect.arrayContaining(['loading', 'unloading', 'transporting']));
  });

  it.each(NAMES)('names %s "%s" in en and "%s" in zh, in the report cells too', (code, en, zh) => {
    expect(translate('en', processLabelKey(code))).toBe(en);
    expect(translate('zh', processLabelKey(code))).toBe(zh);
    expect(cellText({ format: 'process' }, code, 'en')).toBe(en);
    expect(cellText({ format: 'process' }, code, 'zh')).toBe(zh);
  });

  it('tells a state from other text', () => {
    expect(PROCESS_STATES.every(isProcessState)).toBe(true);
    expect(['parked', 'Loading', 'loading_bottom', '', 3, null].some(isProcessState)).toBe(false);
  });

  it('shows a code it does not know as it is', () => {
    expect(cellText({ format: 'process' }, 'parked', 'zh')).toBe('parked');
  });
});

describe('event data with a process', () => {
  const kinds = EVENT_KINDS.filter(carriesProcess);

  it('are the ten kinds whose rows a truck writes at a moment of its process', () => {
    expect([...kinds].sort()).toEqual([
      'box_door', 'emergency_valve', 'flow_change', 'level', 'lock_open', 'pipe_water', 'pressure', 'product_change', 'seal_break', 'switch_cover',
    ]);
  });

  it.each(kinds.filter((kind) => kind !== 'flow_change'))('accepts %s in each of the ten states and in nothing else', (kind) => {
    const accepted = PROCESS_STATES.filter((process) => isEventData(kind, { ...EVENT_SAMPLES[kind], process }));
    expect(accepted).toEqual([...PROCESS_STATES]);
    expect(isEventData(kind, { ...EVENT_SAMPLES[kind], process: 'parked' })).toBe(false);
  });

  it('accepts a metered transfer only while compartments fill or empty', () => {
    const accepted = PROCESS_STATES.filter((process) => isEventData('flow_change', { ...EVENT_SAMPLES.flow_change, process }));
    expect(accepted).toEqual(['loading', 'unloading']);
  });
});
