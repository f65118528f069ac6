import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { queryClient } from '../shared/queryClient';
import { replaceAppStoreForTests } from '../shared/store';
import { endFetchStub, stubFetch } from './stubFetch';

// Runs before each test file. Files share a worker's modules and jsdom (vitest.config.ts,
// isolate: false): a file starts from an empty app store, query cache and storage, as it would in
// a tab of its own.
replaceAppStoreForTests();
queryClient.clear();
localStorage.clear();
sessionStorage.clear();

// jsdom has no canvas: the emoji support test trusts the font (a test that wants the image fallback stubs getContext)
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

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
