import { expect, test } from '@playwright/test';
import { INCIDENT_TEXTS, STATUS_PAGE_TEXTS } from '@tandem/shared-types';
import { commentBox, incidentRow } from './support/locators';
import { api, signedInPage } from './support/session';

// Creates its own incident (unique title) in the demo project; the status page setting it turns
// on is turned off again at the end.
const PROJECT = 'acme/tandem';
const API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;


test('a maintainer enables the status page, publishes an incident with /publish; the pinned link opens the public page signed out; the list marks it published', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const title = `Status page drill ${Date.now()}`;
  try {
    // Enable the status page from the incident list's settings form
    await alice.goto(`/${PROJECT}/-/incidents`);
    const settings = alice.getByTestId('status-page-settings');
    await settings.locator('summary').click();
    await settings.getByRole('checkbox', { name: STATUS_PAGE_TEXTS.enabledLabel }).check();
    await settings.getByRole('button', { name: STATUS_PAGE_TEXTS.save }).click();
    await expect(settings.getByText(STATUS_PAGE_TEXTS.saved)).toBeVisible();

    const incident = await api<{ iid: number }>(alice, 'post', `${API}/issues`, { title, issue_type: 'incident', description: 'Card payments **fail** for some users.' });
    await alice.goto(`/${PROJECT}/-/issues/${incident.iid}`);
    await expect(alice.getByTestId('incident-tabs')).toBeVisible();
    await expect(alice.getByTestId('pinned-status-page-link')).toHaveCount(0);

    // A second viewer (bob) watches the same incident: the link arrives live
    const bob = await signedInPage(browser, 'bob');
    await bob.goto(`/${PROJECT}/-/issues/${incident.iid}`);
    await expect(bob.getByTestId('incident-tabs')).toBeVisible();

    await commentBox(alice).fill('/publish');
    await commentBox(alice).press('Control+Enter');
    await expect(commentBox(alice)).toHaveValue('');
    const link = alice.getByRole('link', { name: STATUS_PAGE_TEXTS.publishedLink });
    await expect(link).toBeVisible();
    await expect(alice.getByText('published this incident to the status page')).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`/-/status_page/${PROJECT}/#/data/incident/${incident.iid}$`));
    await expect(bob.getByRole('link', { name: STATUS_PAGE_TEXTS.publishedLink })).toHaveAttribute('href', href);

    // Follow it signed out
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(href);
    const shown = visitor.getByTestId('status-page-incident');
    await expect(shown.getByRole('heading', { name: title })).toBeVisible();
    await expect(shown.locator('strong', { hasText: 'fail' })).toBeVisible();
    await shown.getByRole('link', { name: STATUS_PAGE_TEXTS.back }).click();
    await expect(visitor.getByTestId('status-page-entry').filter({ hasText: title })).toBeVisible();

    // The incident list shows it as published; sorting by Published puts it first
    await alice.goto(`/${PROJECT}/-/incidents`);
    await expect(incidentRow(alice, title).getByTestId('incident-published')).toHaveText(INCIDENT_TEXTS.published);
    await expect(alice.getByTestId('incident-published').filter({ hasText: INCIDENT_TEXTS.unpublished }).first()).toBeVisible();
    await alice.getByRole('button', { name: INCIDENT_TEXTS.published }).click();
    await expect(alice).toHaveURL(/order_by=published&sort=desc/);
    await expect(alice.getByTestId('incident-row').first().getByRole('link').first()).toHaveText(title);
  } finally {
    await api(alice, 'put', `${API}/status_page_settings`, { enabled: false });
  }
});
