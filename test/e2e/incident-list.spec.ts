import { expect, test, type Page } from '@playwright/test';
import { INCIDENT_TEXTS, SEVERITY_LABELS } from '@tandem/shared-types';
import { incidentRow } from './support/locators';
import { api, signedInPage } from './support/session';

// Creates its own incidents (unique titles) in the demo project; asserts only on those rows.
const PROJECT = 'acme/tandem';
const API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;

/** The order of the given titles as the list shows them. */
const orderOf = async (page: Page, titles: string[]) => {
  const shown = await page.getByTestId('incident-row').getByRole('link').allTextContents();
  return shown.filter((t) => titles.includes(t));
};

test("an incident created on the New issue page appears live in bob's incident list; bob sets its severity from the row, live for alice", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const title = `Storefront down ${Date.now()}`; // not "Checkout": navigation.spec counts the seeded issues a search for it finds
  // the project's time to SLA (the value epics-incidents.spec.ts sets too)
  await api(alice, 'put', `${API}/incident_management_settings`, { sla_minutes: 120 });
  await bob.goto(`/${PROJECT}/-/incidents`);
  await expect(bob.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');

  // alice: New issue, type Incident
  await alice.goto(`/${PROJECT}/-/issues/new`);
  await alice.getByLabel('Title (required)').fill(title);
  await alice.getByRole('combobox', { name: 'Type' }).selectOption('incident');
  await alice.getByRole('button', { name: 'Create issue' }).click();
  await expect(alice).toHaveURL(/\/-\/issues\/\d+$/);
  await expect(alice.getByTestId('incident-tabs')).toBeVisible();
  // made by hand, it still gets the project's SLA, counting down on the Summary tab
  await expect(alice.getByTestId('incident-sla')).toHaveText(/^(2h 0m|1h 59m)$/);
  const iid = Number(/\/issues\/(\d+)$/.exec(alice.url())![1]);

  // bob's open list shows it without a reload
  await expect(incidentRow(bob, title)).toBeVisible();

  // alice watches the list; bob sets the severity from the row
  await alice.goto(`/${PROJECT}/-/incidents`);
  await expect(incidentRow(alice, title).getByRole('combobox', { name: `Severity of incident #${iid}` })).toHaveValue('UNKNOWN');
  await incidentRow(bob, title).getByRole('combobox', { name: `Severity of incident #${iid}` }).selectOption('CRITICAL');
  await expect(incidentRow(alice, title).getByRole('combobox', { name: `Severity of incident #${iid}` })).toHaveValue('CRITICAL');
  await expect(incidentRow(alice, title).getByRole('combobox', { name: `Severity of incident #${iid}` }).locator('option:checked')).toHaveText(SEVERITY_LABELS.CRITICAL);
  await bob.reload();
  await expect(incidentRow(bob, title).getByRole('combobox', { name: `Severity of incident #${iid}` })).toHaveValue('CRITICAL');
  await alice.context().close();
  await bob.context().close();
});

test('the incident list: Open, Closed and All tabs, and sorting by severity both ways', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const stamp = Date.now();
  const low = `Low sev ${stamp}`;
  const critical = `Critical sev ${stamp}`;
  const closed = `Closed sev ${stamp}`;
  for (const t of [low, critical, closed]) await api(alice, 'post', `${API}/issues`, { title: t, issue_type: 'incident' });
  const iids = await Promise.all(
    [low, critical, closed].map(async (t) => ((await (await alice.request.get(`${API}/issues?search=${encodeURIComponent(t)}`)).json()) as Array<{ iid: number }>)[0]!.iid),
  );
  await api(alice, 'put', `/${PROJECT}/-/issues/${iids[0]}.json`, { severity: 'LOW' });
  await api(alice, 'put', `/${PROJECT}/-/issues/${iids[1]}.json`, { severity: 'CRITICAL' });
  await api(alice, 'put', `${API}/issues/${iids[2]}`, { state_event: 'close' });

  await alice.goto(`/${PROJECT}/-/incidents`);
  await expect(incidentRow(alice, critical)).toBeVisible();
  await expect(incidentRow(alice, low)).toBeVisible();
  await expect(incidentRow(alice, closed)).toHaveCount(0);
  await alice.getByRole('tab', { name: 'Closed' }).click();
  await expect(alice).toHaveURL(/state=closed/);
  await expect(incidentRow(alice, closed)).toBeVisible();
  await expect(incidentRow(alice, low)).toHaveCount(0);
  await alice.getByRole('tab', { name: 'All' }).click();
  await expect(incidentRow(alice, closed)).toBeVisible();
  await expect(incidentRow(alice, low)).toBeVisible();

  await alice.getByRole('tab', { name: 'Open' }).click();
  const severity = alice.getByRole('columnheader', { name: 'Severity' });
  await severity.getByRole('button').click();
  await expect(alice).toHaveURL(/order_by=severity&sort=desc/);
  await expect(severity).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => orderOf(alice, [low, critical])).toEqual([critical, low]);
  await severity.getByRole('button').click();
  await expect(alice).toHaveURL(/order_by=severity&sort=asc/);
  await expect(severity).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => orderOf(alice, [low, critical])).toEqual([low, critical]);
  // the choice is in the URL: a reload keeps it
  await alice.reload();
  await expect.poll(() => orderOf(alice, [low, critical])).toEqual([low, critical]);
  await expect(alice.getByRole('link', { name: INCIDENT_TEXTS.createIncident })).toHaveAttribute('href', `/${PROJECT}/-/issues/new?issue_type=incident`);
  await alice.context().close();
});
