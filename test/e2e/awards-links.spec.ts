import { expect, test, type Page } from '@playwright/test';
import { CONFIDENTIALITY_TEXTS, DISCUSSION_TEXTS } from '@tandem/shared-types';
import { signedInPage } from './support/session';

// Issue #20 is used only here (awards, links, confidentiality, autocomplete); #2 is the linked one.
const ISSUE = '/acme/tandem/-/issues/20';

async function openLive(page: Page) {
  await page.goto(ISSUE);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
}

const issueAwards = (page: Page) => page.getByTestId('awards-issue');
const award = (page: Page, name: string) => issueAwards(page).getByTestId(`award-${name}`);

test("alice's reactions, link and confidentiality reach bob's open page live", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openLive(alice);
  await openLive(bob);

  // alice awards thumbs up: bob sees the count and alice's name within 1 s
  await award(alice, 'thumbsup').click();
  await expect(award(alice, 'thumbsup')).toHaveAttribute('aria-pressed', 'true');
  await expect(award(bob, 'thumbsup')).toContainText('1', { timeout: 1000 });
  await expect(issueAwards(bob).getByTestId('award-tooltip-thumbsup')).toHaveText('Alice Adams');
  // Hovered, its tooltip shows. The page may still move under a resting pointer (its lower parts
  // rendering), which takes the hover away, so the pointer comes back to it as a user's would
  await expect(async () => {
    await award(bob, 'thumbsup').hover();
    await expect(issueAwards(bob).getByTestId('award-tooltip-thumbsup')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });

  // bob reacts thumbs down, then changes his mind to thumbs up: the thumbs are exclusive
  await award(bob, 'thumbsdown').click();
  await expect(award(alice, 'thumbsdown')).toContainText('1', { timeout: 1000 });
  await award(bob, 'thumbsup').click();
  await expect(award(bob, 'thumbsdown')).toContainText('0');
  await expect(award(alice, 'thumbsup')).toContainText('2', { timeout: 1000 });
  await expect(award(alice, 'thumbsdown')).toContainText('0', { timeout: 1000 });
  await expect(issueAwards(alice).getByTestId('award-tooltip-thumbsup')).toHaveText('You and Bob Brown');

  // a reaction from the picker: search, pick, it appears for both
  await issueAwards(alice).getByTestId('add-reaction').click();
  await alice.getByRole('searchbox', { name: 'Search emoji' }).fill('tada');
  await alice.getByTestId('emoji-results').locator('[data-emoji="tada"]').click();
  await expect(award(bob, 'tada')).toContainText('1', { timeout: 1000 });
  await issueAwards(alice).getByTestId('add-reaction').click();
  await alice.getByRole('searchbox', { name: 'Search emoji' }).fill('qqqzzzxx');
  await expect(alice.getByText(DISCUSSION_TEXTS.noEmojisFound)).toBeVisible();
  await alice.keyboard.press('Escape');

  // alice links #2 as "blocks": bob sees it in the related block
  await alice.getByTestId('related-add').click();
  await alice.getByLabel('blocks', { exact: true }).check();
  await alice.getByLabel('the following issues').fill('2 ');
  await expect(alice.getByTestId('related-pending-token')).toHaveText('#2');
  await alice.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(alice.getByTestId('related-group-blocks')).toContainText('Sidebar collapses badly at 360 px');
  await expect(bob.getByTestId('related-group-blocks')).toContainText('Sidebar collapses badly at 360 px', { timeout: 2000 });

  // alice makes the issue confidential in the sidebar; bob (a member) sees it so
  const aliceConf = alice.getByTestId('sidebar-confidentiality');
  await aliceConf.getByRole('button', { name: 'Edit' }).click();
  await expect(aliceConf).toContainText(CONFIDENTIALITY_TEXTS.warnTurnOn('issue'));
  await aliceConf.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }).click();
  await expect(alice.getByTestId('confidentiality-status')).toContainText(CONFIDENTIALITY_TEXTS.on('issue'));
  await expect(bob.getByTestId('confidentiality-status')).toContainText(CONFIDENTIALITY_TEXTS.on('issue'), { timeout: 1000 });

  await alice.screenshot({ path: 'test-results/e2e/awards-links-1280.png', fullPage: true });

  // restore for reruns: confidentiality off, link removed, reactions taken back
  await aliceConf.getByRole('button', { name: 'Edit' }).click();
  await aliceConf.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOff }).click();
  await expect(bob.getByTestId('confidentiality-status')).toHaveText(CONFIDENTIALITY_TEXTS.off, { timeout: 1000 });
  await alice.getByRole('button', { name: 'Remove #2' }).click();
  await expect(bob.getByTestId('related-group-blocks')).toHaveCount(0, { timeout: 2000 });
  await award(alice, 'tada').click();
  await award(alice, 'thumbsup').click();
  await award(bob, 'thumbsup').click();
  await expect(award(alice, 'thumbsup')).toContainText('0', { timeout: 1000 });
  await expect(issueAwards(alice).getByTestId('award-tada')).toHaveCount(0, { timeout: 1000 });
});

test('@-autocomplete in the description editor inserts a username', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await alice.goto(ISSUE);
  await alice.getByRole('button', { name: 'Edit title and description' }).click();
  const description = alice.getByRole('textbox', { name: 'Description', exact: true });
  await description.fill('');
  await description.pressSequentially('Ping @bo');
  const list = alice.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option', { name: /bob/ })).toBeVisible();
  await description.press('Enter');
  await expect(description).toHaveValue('Ping @bob ');
  await expect(list).toHaveCount(0);
  await alice.getByRole('button', { name: 'Cancel' }).click();
});

test('the reactions, related block and sidebar widgets at 360 px', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice', { width: 360 });
  await alice.goto(ISSUE);
  await expect(issueAwards(alice)).toBeVisible();
  await issueAwards(alice).getByTestId('add-reaction').click();
  await expect(alice.getByRole('dialog', { name: 'Emoji' })).toBeVisible();
  await alice.screenshot({ path: 'test-results/e2e/awards-links-360-picker.png' });
  await alice.keyboard.press('Escape');
  await alice.getByTestId('related-add').click();
  await alice.getByLabel('the following issues').fill('2 3 ');
  await alice.screenshot({ path: 'test-results/e2e/awards-links-360.png', fullPage: true });
  await alice.getByRole('button', { name: 'Cancel' }).click();
});

test('closing an issue that an open issue blocks asks first (demo: #16 blocks #8)', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await alice.goto('/acme/tandem/-/issues/8');
  await expect(alice.getByTestId('related-group-is_blocked_by')).toContainText('#16');
  await alice.getByRole('button', { name: 'Close issue' }).first().click();
  const dialog = alice.getByRole('dialog');
  await expect(dialog).toContainText(DISCUSSION_TEXTS.blockedCloseConfirm(1));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(alice.getByTestId('issue-status-badge')).toHaveText('Open');
});
