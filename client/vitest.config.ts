import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@tandem/shared-types': fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    // Vitest's default is one worker less than the cores: on the 2-core CI machine that is one
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The test kit's after-each: unmount, restore fetch, fail on a request no route answered
    setupFiles: ['./src/test/setup.ts'],
  },
});
