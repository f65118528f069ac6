import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { endFetchStub, stubFetch } from './stubFetch';

// No test reaches the network: one that asks the server and stubs no route fails
beforeEach(() => {
  stubFetch();
});

// Runs after each test's own afterEach: unmount, then fail the test on any request no route answered
afterEach(() => {
  cleanup();
  const unmatched = endFetchStub();
  if (unmatched.length) throw new Error(`stubFetch: no route answered ${unmatched.join(', ')}`);
});
