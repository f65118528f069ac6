import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

// One real server per run, on a fresh embedded database with the demo seed (same as `npm start`).
const port = Number(process.env.E2E_PORT ?? 3300);
const repoRoot = path.resolve(__dirname, '../..');
const dataDir = path.join(os.tmpdir(), `tandem-e2e-${process.pid}-${Date.now()}`);
process.env.TANDEM_E2E_DATA_DIR = dataDir; // global-setup removes it when the run ends

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
    command: 'node server/dist/main.js',
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
      DATABASE_URL: '',
      REDIS_URL: '',
      // The invitation journey reads the mail from the developers' outbox (GET /-/outbox)
      OUTBOX_PUBLIC: 'true',
      // The service desk journey posts mail as mail_room does (service-desk.spec.ts signs with this secret)
      INCOMING_EMAIL_ADDRESS: 'incoming+%{key}@mail.tandem.test',
      INCOMING_EMAIL_SECRET: 'e2e-mail-room-shared-secret',
    },
  },
});
