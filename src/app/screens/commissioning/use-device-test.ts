// One truck's commissioning check as the screen runs it: idle until asked, then reading, then the answer or why not;
// an answer for a truck no longer chosen, or of an older run, is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CallError } from '../../../api/client';
import type { CommissioningAnswer } from '../../../../domain/params/commissioning';
import { fetchDeviceTest } from './commissioning-calls';

type DeviceTestState =
  | { readonly state: 'idle' }
  | { readonly state: 'running'; readonly previous?: CommissioningAnswer }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'done'; readonly answer: CommissioningAnswer };

export function useDeviceTest(truckId: number | undefined): { readonly test: DeviceTestState; readonly run: () => void } {
  const [test, setTest] = useState<DeviceTestState>({ state: 'idle' });
  const runs = useRef(0);

  // A new truck starts from nothing: the last truck's results must not pass for this one's.
  useEffect(() => {
    runs.current += 1;
    setTest({ state: 'idle' });
  }, [truckId]);

  const run = useCallback(() => {
    if (truckId === undefined) return;
    const mine = ++runs.current;
    setTest((was) => (was.state === 'done' ? { state: 'running', previous: was.answer } : { state: 'running' }));
    fetchDeviceTest(truckId).then(
      (answer) => mine === runs.current && setTest({ state: 'done', answer }),
      (error: unknown) => mine === runs.current && setTest({ state: 'failed', message: error instanceof CallError ? error.message : '' }),
    );
  }, [truckId]);

  return { test, run };
}
