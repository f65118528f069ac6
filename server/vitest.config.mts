import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// NestJS needs decorator metadata; graphql must resolve to one copy or code-first scalars
// fail with "Cannot determine a GraphQL output type" (vite may load the ESM and the CJS copy).
const shared = {
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
};

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // fast: pure code, no database or server
          include: ['src/**/*.spec.ts', 'test/**/*.unit.spec.ts', 'test/policy-coverage.spec.ts'],
          environment: 'node',
        },
      },
      {
        ...shared,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          // boots the real app on Postgres and PGlite
          include: ['test/**/*.spec.ts'],
          exclude: ['test/**/*.unit.spec.ts', 'test/policy-coverage.spec.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file boots its own apps; two cores, so two files at a time.
          maxWorkers: 2,
          fileParallelism: true,
          isolate: false,
        },
      },
    ],
  },
});
