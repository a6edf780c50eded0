// Setup of the ui layer (happy-dom; its tests time out after 30 s, not 5): Testing Library's waits give up after 10 s,
// not 1 s. They wait for a condition and return as soon as it holds; 1 s ran out with the machine's load at 20.
import { beforeAll } from 'vitest';
import { configure } from '@testing-library/react';
import { resetNotices } from '../../src/ui/notify';

configure({ asyncUtilTimeout: 10_000 });

// Files share a process (isolate: false): a toast or alert an earlier file left in the notice store is not this file's.
beforeAll(() => resetNotices());
