// On an e2e test's failure, write where each open page is and what it shows: a failure seen once on a loaded CI
// machine is then read from the log instead of guessed at.
import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const pages = await describeOpenPages();
    if (pages !== '') console.error(`open pages at the failure:\n${pages}`);
  });
});
