import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

const run = promisify(execFile);

test('the clone dropdown switches the URL between its options, and git clones the one shown', async ({ page, baseURL }) => {
  await signIn(page, 'bob');
  await page.goto('/acme/tandem/-/issues/1');
  await page.getByRole('button', { name: 'Clone' }).click();
  const url = page.getByRole('textbox', { name: 'Clone URL' });
  await expect(url).toHaveValue(`${baseURL}/acme/tandem.git`);
  await page.getByRole('menuitemradio', { name: 'Clone with HTTP (your username)' }).click();
  await expect(url).toHaveValue(`${baseURL!.replace('://', '://bob@')}/acme/tandem.git`);
  await page.getByRole('menuitemradio', { name: 'Clone with HTTP', exact: true }).click();
  const shown = await url.inputValue();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-e2e-clone-'));
  try {
    await run('/usr/bin/git', ['clone', '-q', shown, path.join(dir, 'tandem')], { env: { PATH: process.env.PATH, HOME: dir, GIT_TERMINAL_PROMPT: '0' } });
    expect(fs.readFileSync(path.join(dir, 'tandem', 'README.md'), 'utf8')).toContain('# Tandem');
    const log = await run('/usr/bin/git', ['-C', path.join(dir, 'tandem'), 'log', '--format=%s', '-2']);
    expect(log.stdout.trim().split('\n')).toEqual(['Add the logo, tools and notes', 'Describe the server in the README']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // the same project's raw link of the logo is an image, shown inline
  const raw = await page.request.get('/acme/tandem/-/raw/main/assets/logo.png');
  expect(raw.headers()['content-type']).toBe('image/png');
  expect(raw.headers()['content-disposition']).toMatch(/^inline/);
});

test('the project\'s issues page offers the clone URL to a signed-out visitor', async ({ page, baseURL }) => {
  await page.goto('/acme/tandem/-/issues');
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByRole('textbox', { name: 'Clone URL' })).toHaveValue(`${baseURL}/acme/tandem.git`);
  await expect(page.getByRole('menuitemradio')).toHaveCount(1);
});
