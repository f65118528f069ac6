import { expect, test } from '@playwright/test';
import { api, createIssue, signedInPage } from './support/session';

const PROJECT = 'acme/tandem';
const P = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;

test("the collapsed sidebar shows each block's summary: weight cut to five characters, labels count with five titles then 'and N more', dates, time tracking", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const stamp = Date.now();
  const titles = Array.from({ length: 7 }, (_, i) => `col${i + 1}-${stamp}`);
  for (const name of titles) await api(alice, 'post', `${P}/labels`, { name, color: '#428bca' });
  const iid = await createIssue(alice, PROJECT, { title: `Collapsed sidebar e2e ${stamp}`, labels: titles.join(','), weight: 1234567, due_date: '2031-03-04' });
  await api(alice, 'post', `${P}/issues/${iid}/time_estimate`, { duration: '3h' });
  await api(alice, 'post', `${P}/issues/${iid}/add_spent_time`, { duration: '1h' });

  await alice.setViewportSize({ width: 1280, height: 900 });
  await alice.goto(`/${PROJECT}/-/issues/${iid}`);
  const sidebar = alice.getByRole('complementary', { name: 'Issue details' });
  // expanded: no summaries
  await expect(sidebar.getByTestId('sidebar-weight-collapsed')).toBeHidden();
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');

  await expect(sidebar.getByTestId('sidebar-weight-collapsed')).toHaveText('12345…');
  const labels = sidebar.getByTestId('sidebar-labels-collapsed');
  await expect(labels).toHaveText('7');
  await expect(labels).toHaveAttribute('title', `${titles.slice(0, 5).join(', ')}, and 2 more`);
  await expect(sidebar.getByTestId('sidebar-due-date-collapsed')).toHaveText('4 Mar, 2031');
  await expect(sidebar.getByTestId('sidebar-time-tracking-collapsed')).toHaveText('1h / 3h');
  await expect(sidebar.getByTestId('sidebar-milestone-collapsed')).toHaveText('None');
  await alice.screenshot({ path: 'test-results/sidebar-collapsed.png' });

  // the state is kept (cookie): a reload shows the summaries again
  await alice.reload();
  await expect(sidebar.getByTestId('sidebar-weight-collapsed')).toHaveText('12345…');
});
