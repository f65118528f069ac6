import { defineConfig } from 'vitest/config';

// Cross-process tests: real server nodes (server/dist), the machine's Postgres, private Redis
// servers. Files run one after another: each starts its own nodes and ports.
export default defineConfig({
  test: {
    include: ['realtime/**/*.spec.ts', 'compat/**/*.spec.ts'],
    root: new URL('..', import.meta.url).pathname,
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
