import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { endFetchStub, stubFetch } from './stubFetch';

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
