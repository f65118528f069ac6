import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Files that vi.mock a module, found by reading them (not a list to keep up): vi.mock replaces a
 * module for the whole worker, so these run isolated, or a mock would leak into the shared
 * worker's other files.
 */
const MOCKING_FILES = (function findMocking(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return findMocking(full);
    return /\.test\.tsx?$/.test(e.name) && /\bvi\.(?:do)?mock\(/.test(fs.readFileSync(full, 'utf8')) ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });
})(path.join(ROOT, 'src'));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@tandem/shared-types': fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url)) },
  },
  test: {
    // Vitest's default is one worker less than the cores: on the 2-core CI machine that is one
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...MOCKING_FILES, '**/node_modules/**'],
          restoreMocks: true,
          // Files share a worker's modules and its jsdom (161 s against 35 s for the step on the
          // 2-core machine: a fresh jsdom and React per file was most of it). The setup file
          // gives each file a new app store, an empty query cache and storage (src/test/setup.ts).
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          environment: 'jsdom',
          // vi.mock replaces a module for the whole worker: these files get modules of their own
          include: MOCKING_FILES,
          restoreMocks: true,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
