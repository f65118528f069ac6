import { expect, test } from '@playwright/test';
import { INCIDENT_TEXTS, METRIC_IMAGE_TEXTS as T } from '@tandem/shared-types';
import { csrfOf, signedInPage } from './support/session';

// Creates its own incident in the demo project.
const PROJECT = 'acme/tandem';
const API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;
// a 1x1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test("alice uploads a metric image on the incident's Metrics tab; bob sees it live, then its deletion", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const csrf = csrfOf(alice);
  const created = await alice.request.post(`${API}/issues`, { data: { title: `Metrics ${Date.now()}`, issue_type: 'incident' }, headers: { 'x-csrf-token': csrf } });
  const { iid } = (await created.json()) as { iid: number };

  for (const page of [alice, bob]) {
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await page.getByRole('tab', { name: INCIDENT_TEXTS.tabMetrics }).click();
    await expect(page.getByTestId('metric-images')).toContainText(T.empty);
  }
  const tab = alice.getByTestId('metric-images');
  await tab.getByLabel(T.fileLabel, { exact: true }).setInputFiles({ name: 'latency.png', mimeType: 'image/png', buffer: PNG });
  await tab.getByLabel(T.urlLabel).fill('https://grafana.example/d/latency');
  await tab.getByLabel(T.urlTextLabel).fill('Latency p95');
  await tab.getByRole('button', { name: T.upload }).click();
  await expect(tab.getByTestId('metric-image')).toHaveCount(1);

  // bob: live, with the link and the image served to him
  const bobImage = bob.getByTestId('metric-image');
  await expect(bobImage).toHaveCount(1);
  await expect(bobImage.getByRole('link', { name: 'Latency p95' })).toHaveAttribute('href', 'https://grafana.example/d/latency');
  await expect.poll(() => bobImage.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // alice deletes it after the confirmation; bob's tab empties
  await tab.getByRole('button', { name: `${T.deleteImage} latency.png` }).click();
  await alice.getByRole('dialog').getByRole('button', { name: T.deleteButton }).click();
  await expect(tab.getByTestId('metric-image')).toHaveCount(0);
  await expect(bobImage).toHaveCount(0);
  await alice.context().close();
  await bob.context().close();
});
