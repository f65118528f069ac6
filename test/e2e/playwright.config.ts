import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

// One real server per run, on a fresh Postgres database with the demo seed (support/serve-on-postgres.mjs).
const port = Number(process.env.E2E_PORT ?? 3300);
const repoRoot = path.resolve(__dirname, '../..');
const dataDir = path.join(os.tmpdir(), `tandem-e2e-${process.pid}-${Date.now()}`);
process.env.TANDEM_E2E_DATA_DIR = dataDir; // global-setup removes it when the run ends
// The run's database on the machine's Postgres (support/serve-on-postgres.mjs creates it,
// global-setup drops it); named once, by the runner, whose workers inherit it
const database = process.env.TANDEM_E2E_DATABASE ?? `tandem_e2e_${process.pid}_${Date.now()}`;
process.env.TANDEM_E2E_DATABASE = database;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results', 'e2e'),
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // A trace records a screencast and DOM snapshots of every action of every test: on the 2-core
    // CI machine the compositor process alone used 66 s of CPU in 293 s with it, 18 s in 190 s
    // without, and the journeys ran 12% faster; for files nobody reads from CI's clean clone.
    // Developers' runs keep it for failures.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // Tandem as `npm start` runs it, on a fresh Postgres database: the journeys run against the
    // real services (the embedded PGlite is for a newcomer's first start, and 11 % slower here)
    command: 'node test/e2e/support/serve-on-postgres.mjs',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/-/readiness`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TANDEM_E2E_DATABASE: database,
      REDIS_URL: '',
      // The invitation journey reads the mail from the developers' outbox (GET /-/outbox)
      OUTBOX_PUBLIC: 'true',
      // The service desk journey posts mail as mail_room does (service-desk.spec.ts signs with this secret)
      INCOMING_EMAIL_ADDRESS: 'incoming+%{key}@mail.tandem.test',
      INCOMING_EMAIL_SECRET: 'e2e-mail-room-shared-secret',
    },
  },
});
