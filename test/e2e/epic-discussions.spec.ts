import { expect, test, type Page } from '@playwright/test';
import { EPIC_TEXTS } from '@tandem/shared-types';
import { commentBox, discussionWith, noteWith } from './support/locators';
import { api, signedInPage } from './support/session';

// Creates its own epics in the demo group (nothing of the demo seed is changed).
async function openEpic(page: Page, iid: number): Promise<void> {
  await page.goto(`/groups/acme/-/epics/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('notes-skeleton')).toHaveCount(0);
}

test("alice comments, replies, resolves and reacts on an epic; bob's open epic page shows each within 1 s", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const epic = await api<{ iid: number; title: string }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Discussed epic ${stamp}` });
  await openEpic(alice, epic.iid);
  await openEpic(bob, epic.iid);

  // A comment
  const comment = `On the epic ${stamp}`;
  await commentBox(alice).fill(comment);
  await commentBox(alice).press('Control+Enter');
  await expect(noteWith(alice, comment)).toBeVisible();
  await expect(noteWith(bob, comment)).toBeVisible({ timeout: 1000 });

  // A thread, and alice's reply in it
  const threadText = `Split the epic? ${stamp}`;
  await commentBox(alice).fill(threadText);
  await alice.getByRole('button', { name: 'Comment type' }).click();
  await alice.getByRole('menuitemradio', { name: /Start thread/ }).click();
  await alice.getByRole('button', { name: 'Start thread' }).click();
  await expect(discussionWith(bob, threadText)).toBeVisible({ timeout: 1000 });
  const replyText = `Yes, in two ${stamp}`;
  await discussionWith(alice, threadText).getByRole('button', { name: 'Reply…' }).click();
  await alice.getByTestId('reply-form').getByRole('textbox', { name: 'Reply' }).fill(replyText);
  await alice.getByTestId('reply-form').getByRole('button', { name: 'Reply' }).click();
  await expect(discussionWith(alice, threadText).getByTestId('note-text').getByText(replyText)).toBeVisible();
  await expect(discussionWith(bob, threadText).getByTestId('note-text').getByText(replyText)).toBeVisible({ timeout: 1000 });

  // Resolve
  await discussionWith(alice, threadText).getByRole('button', { name: 'Resolve thread' }).click();
  await expect(discussionWith(alice, threadText)).toHaveAttribute('data-resolved', 'true');
  await expect(bob.getByTestId('discussion').filter({ hasText: threadText }).first()).toHaveAttribute('data-resolved', 'true', { timeout: 1000 });

  // Reactions: on the epic, and on the comment
  await alice.getByTestId('awards-epic').getByTestId('award-thumbsup').click();
  await expect(alice.getByTestId('awards-epic').getByTestId('award-thumbsup')).toHaveAttribute('aria-pressed', 'true');
  await expect(bob.getByTestId('awards-epic').getByTestId('award-thumbsup')).toContainText('1', { timeout: 1000 });
  await noteWith(alice, comment).getByTestId('add-reaction').click();
  await alice.getByRole('searchbox', { name: 'Search emoji' }).fill('tada');
  await alice.getByTestId('emoji-results').locator('[data-emoji="tada"]').click();
  await expect(noteWith(bob, comment).getByTestId('award-tada')).toContainText('1', { timeout: 1000 });
  // Bob reacts to the comment that reached his page live (it carries no viewer flags: his page's right decides)
  await noteWith(bob, comment).getByTestId('add-reaction').click();
  await bob.getByRole('searchbox', { name: 'Search emoji' }).fill('rocket');
  await bob.getByTestId('emoji-results').locator('[data-emoji="rocket"]').click();
  await expect(noteWith(alice, comment).getByTestId('award-rocket')).toContainText('1', { timeout: 1000 });

  // An edit, and a change of the epic itself (its title, with its system note)
  const edited = `On the epic, edited ${stamp}`;
  await api(alice, 'put', `/api/v4/groups/acme/epics/${epic.iid}/notes/${await noteWith(alice, comment).getAttribute('data-note-id')}`, { body: edited });
  await expect(noteWith(bob, edited)).toBeVisible({ timeout: 1000 });
  const title = `Renamed epic ${stamp}`;
  await api(alice, 'put', `/api/v4/groups/acme/epics/${epic.iid}`, { title });
  await expect(bob.getByTestId('epic-title')).toHaveText(title, { timeout: 1000 });
  await expect(bob.getByText(`changed title from ${epic.title} to ${title}`)).toBeVisible({ timeout: 1000 });

  // Nothing was reloaded: bob's page still holds the same socket subscription
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
});

test('a guest watching an epic that is made confidential stops receiving its events', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const dave = await signedInPage(browser, 'dave');
  const stamp = Date.now();
  const epic = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Soon secret ${stamp}` });
  await openEpic(dave, epic.iid);
  await api(alice, 'put', `/api/v4/groups/acme/epics/${epic.iid}`, { confidential: true });
  await expect(dave.getByTestId('epic-stream-ended')).toHaveText(EPIC_TEXTS.accessLost, { timeout: 3000 });
  await api(alice, 'post', `/api/v4/groups/acme/epics/${epic.iid}/notes`, { body: `for reporters only ${stamp}` });
  await dave.waitForTimeout(1000);
  await expect(dave.getByText(`for reporters only ${stamp}`)).toHaveCount(0);
});
