import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

/**
 * Fails fast with a clear message when the build the web server runs is missing (instead of
 * a 120 s readiness timeout), and removes the run's throwaway data folder once the runner
 * exits (after the web server is stopped, so the database is not deleted under it).
 */
export default function globalSetup(_config: FullConfig): void {
  const root = path.resolve(__dirname, '../..');
  for (const file of ['server/dist/main.js', 'client/dist/index.html']) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the e2e tests`);
    }
  }
  const dataDir = process.env.TANDEM_E2E_DATA_DIR;
  if (dataDir && path.basename(dataDir).startsWith('tandem-e2e-')) {
    process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  }
}
