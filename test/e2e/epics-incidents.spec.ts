import { expect, test } from '@playwright/test';
import { INCIDENT_TEXTS } from '@tandem/shared-types';
import { api, signedInPage } from './support/session';

// Creates its own epic, issue and incident (nothing of the demo seed is changed).
const PROJECT = 'acme/tandem';
const API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;

test("alice assigns an epic in the sidebar; bob's open page shows it live with the system note", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const epic = await api<{ iid: number; title: string }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Checkout rewrite ${stamp}` });
  const issue = await api<{ iid: number }>(alice, 'post', `${API}/issues`, { title: `Epic e2e ${stamp}` });
  const url = `/${PROJECT}/-/issues/${issue.iid}`;
  for (const p of [alice, bob]) {
    await p.goto(url);
    await expect(p.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    await expect(p.getByTestId('sidebar-epic').getByTestId('epic-value')).toHaveText('None');
  }

  const block = alice.getByTestId('sidebar-epic');
  await block.getByRole('button', { name: 'Edit' }).click();
  await block.getByRole('combobox', { name: 'Search epics' }).fill(`chekout ${stamp}`);
  await block.getByRole('option', { name: new RegExp(`Checkout rewrite ${stamp}`) }).click();
  await expect(block.getByTestId('epic-value')).toHaveText(epic.title);

  // bob: the epic and GitLab's note arrive over the socket, no reload
  await expect(bob.getByTestId('sidebar-epic').getByTestId('epic-value')).toHaveText(epic.title, { timeout: 2000 });
  await expect(bob.getByText(`added to epic &${epic.iid}`)).toBeVisible();
  await expect(bob.getByTestId('sidebar-epic').getByTestId('epic-value')).toHaveAttribute('href', new RegExp(`/groups/acme/-/epics/${epic.iid}$`));

  // the epic's page lists the issue
  await bob.getByTestId('sidebar-epic').getByTestId('epic-value').click();
  await expect(bob.getByTestId('epic-title')).toHaveText(epic.title);
  await expect(bob.getByTestId('epic-issues')).toContainText(`Epic e2e ${stamp}`);
});

test('an alert posted to the project endpoint opens an incident whose page shows its tabs', async ({ browser, playwright }) => {
  const alice = await signedInPage(browser, 'alice');
  const stamp = Date.now();
  const { token } = await api<{ token: string }>(alice, 'post', `${API}/incident_management_settings/alerts_token`, {});
  await api(alice, 'put', `${API}/incident_management_settings`, { sla_minutes: 120 });

  // the monitoring tool: no session, only the alert token
  const tool = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await tool.post(`/${PROJECT}/alerts/notify.json`, { data: { title: 'x' }, headers: { authorization: 'Bearer wrong' } })).status()).toBe(401);
  const res = await tool.post(`/${PROJECT}/alerts/notify.json`, {
    data: { title: `Disk full ${stamp}`, severity: 'high', monitoring_tool: 'Prometheus', service: 'storage', hosts: ['disk-1'], fingerprint: `disk-${stamp}` },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  await tool.post(`/${PROJECT}/alerts/notify.json`, { data: { title: `Disk full ${stamp}`, fingerprint: `disk-${stamp}` }, headers: { authorization: `Bearer ${token}` } });

  const found = await alice.request.get(`${API}/issues?search=${encodeURIComponent(`Disk full ${stamp}`)}`);
  const [incident] = (await found.json()) as Array<{ iid: number; issue_type: string }>;
  expect(incident!.issue_type).toBe('incident');
  await alice.goto(`/${PROJECT}/-/issues/${incident!.iid}`);
  const tabs = alice.getByTestId('incident-tabs');
  await expect(tabs.getByRole('tab')).toHaveText([INCIDENT_TEXTS.tabSummary, INCIDENT_TEXTS.tabMetrics, INCIDENT_TEXTS.tabAlertDetails]);
  await expect(alice.getByTestId('incident-event-count')).toHaveText('2');
  await expect(alice.getByTestId('incident-sla')).toHaveText(/^(2h 0m|1h 59m)$/);
  await tabs.getByRole('tab', { name: INCIDENT_TEXTS.tabAlertDetails }).click();
  await expect(alice.getByTestId('incident-alert-details')).toContainText('Prometheus');
  await expect(alice.getByTestId('incident-alert-details')).toContainText('disk-1');
  await expect(alice.getByText(/created incident from alert/)).toBeVisible();
  await tool.dispose();
});
