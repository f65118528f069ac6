import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './support/session';

// The demo's review merge request on acme/tandem ("Refresh the banner and tidy the tools").
async function openChanges(page: Page): Promise<void> {
  const list = (await (await page.request.get('/api/v4/projects/acme%2Ftandem/merge_requests?search=Refresh%20the%20banner')).json()) as Array<{ iid: number }>;
  expect(list.length).toBeGreaterThan(0);
  await page.goto(`/acme/tandem/-/merge_requests/${list[0]!.iid}`);
  await page.getByTestId('mr-tab-changes').click();
  await expect(page.getByTestId('mr-changes')).toBeVisible();
}

test('a batch review of three drafts stays private, then appears at once on the other page', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openChanges(alice);
  await openChanges(bob);
  const tag = `review-${Date.now()}`;

  // Bob's page records every count of Alice's review notes it ever shows (a MutationObserver
  // sees each DOM change as it is committed, so a half-shown review would be recorded)
  await bob.evaluate((t) => {
    const w = window as unknown as { reviewCounts: number[] };
    const count = () => [...document.querySelectorAll('[data-testid="diff-thread-note"]')].filter((n) => n.textContent?.includes(t)).length;
    // from what it shows now (none): the rows still rendering record nothing new
    w.reviewCounts = [count()];
    new MutationObserver(() => {
      const c = count();
      if (c !== w.reviewCounts[w.reviewCounts.length - 1]) w.reviewCounts.push(c);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, tag);

  // Alice starts a review on one line, then adds two more
  const lines = alice.locator('[data-path="src/search.ts"] tr.diff-line:is(.new, .old, .context)');
  for (const [i, label] of ['Start a review', 'Add to review', 'Add to review'].entries()) {
    const line = lines.nth(i);
    // the review bar sticks to the bottom of the window: keep the line clear of it
    await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await line.hover();
    await line.getByTestId('diff-comment-button').click();
    await alice.getByTestId('diff-comment-text').fill(`${tag} point ${i + 1}`);
    await expect(alice.getByTestId('review-add')).toHaveText(label);
    await alice.getByTestId('review-add').click();
    await expect(alice.getByTestId('diff-comment-form')).toHaveCount(0);
    await expect(alice.getByTestId('pending-draft').filter({ hasText: tag })).toHaveCount(i + 1);
  }
  await expect(alice.getByTestId('review-bar-count')).toHaveText('3 pending comments');
  await expect(alice.getByTestId('review-submit-count')).toHaveText('3');

  // Nothing of it on Bob's page (nor in his API answers) before the review is submitted
  await bob.waitForTimeout(500);
  await expect(bob.getByText(tag)).toHaveCount(0);
  await expect(bob.getByTestId('review-bar')).toHaveCount(0);

  await alice.getByTestId('review-summary').fill(`${tag} summary`);
  await alice.getByTestId('review-submit').click();
  await expect(alice.getByTestId('review-bar')).toHaveCount(0);
  await expect(alice.getByTestId('diff-thread-note').filter({ hasText: tag })).toHaveCount(3);
  await expect(alice.getByTestId('pending-draft')).toHaveCount(0);

  // Bob: the three threads, under their lines, all in one step (never 1 or 2 of them)
  await expect(bob.getByTestId('diff-thread-note').filter({ hasText: tag })).toHaveCount(3, { timeout: 5000 });
  expect(await bob.evaluate(() => (window as unknown as { reviewCounts: number[] }).reviewCounts)).toEqual([0, 3]);
  // and the summary comment in the Overview
  await bob.getByTestId('mr-tab-overview').click();
  await expect(bob.getByTestId('discussion').filter({ hasText: `${tag} summary` })).toBeVisible();
});

test('an applied suggestion shows as a commit and a resolved thread on both pages', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openChanges(alice);
  await openChanges(bob);
  // Bob suggests a change to the added line of src/search.ts, as a comment now
  const line = bob.locator('[data-path="src/search.ts"] tr.diff-line.new').first();
  await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await line.hover();
  await line.getByTestId('diff-comment-button').click();
  const original = (await line.locator('.diff-code').textContent())!;
  // Insert suggestion fills in the commented line as a suggestion block, which Bob then edits
  await bob.getByTestId('insert-suggestion').click();
  const box = bob.getByTestId('diff-comment-text');
  await expect(box).toHaveValue(`\`\`\`suggestion:-0+0\n${original}\n\`\`\`\n`);
  await box.fill(`Clearer:\n${(await box.inputValue()).replace(`${original}\n`, `${original} // suggested\n`)}`);
  await bob.getByTestId('diff-comment-submit').click();

  // Alice sees it live as a proposed change and applies it
  const block = alice.getByTestId('suggestion').filter({ hasText: '// suggested' });
  await expect(block).toBeVisible({ timeout: 10_000 });
  await block.getByTestId('suggestion-apply').click();
  // the apply dropdown: its commit message field shows the default message; left empty, the default is used
  await expect(block.getByTestId('suggestion-commit-message')).toHaveAttribute('placeholder', 'Apply %{suggestions_count} suggestion(s) to %{files_count} file(s)');
  await block.getByTestId('suggestion-apply-confirm').click();

  // Both pages: Applied, and the thread resolved
  for (const page of [alice, bob]) {
    const thread = page.getByTestId('diff-thread').filter({ hasText: '// suggested' });
    await expect(thread.getByTestId('suggestion-applied')).toBeVisible({ timeout: 10_000 });
    await expect(thread).toHaveAttribute('data-resolved', 'true');
    await expect(thread.getByTestId('diff-thread-resolved')).toBeVisible();
  }
  // and the commit on the merge request, with the spec's default message
  for (const page of [alice, bob]) {
    await page.getByTestId('mr-tab-commits').click();
    await expect(page.getByText('Apply 1 suggestion(s) to 1 file(s)').first()).toBeVisible({ timeout: 10_000 });
  }
});

test("a pending draft says what its quick actions will do when the review is published", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  await openChanges(alice);
  const tag = `commands-${Date.now()}`;
  const line = alice.locator('[data-path="src/search.ts"] tr.diff-line.new').first();
  await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await line.hover();
  await line.getByTestId('diff-comment-button').click();
  await alice.getByTestId('diff-comment-text').fill(`${tag}\n/todo`);
  await alice.getByTestId('review-add').click();
  const card = alice.getByTestId('pending-draft').filter({ hasText: tag });
  await expect(card).toBeVisible();
  // GitLab's explanation under the text; the command line itself is not shown as text
  await expect(card.getByTestId('draft-commands')).toHaveText('Adds a to-do item.');
  await expect(card).not.toContainText('/todo');
  // Deleted after asking: nothing left pending
  await card.getByTestId('pending-draft-delete').click();
  await alice.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(alice.getByTestId('pending-draft').filter({ hasText: tag })).toHaveCount(0);
});

test("a reply in a diff thread suggests a change to the thread's line: the other page shows it with Apply suggestion", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openChanges(alice);
  await openChanges(bob);
  const tag = `reply-suggest-${Date.now()}`;
  // Alice comments on the last added line of src/search.ts
  const line = alice.locator('[data-path="src/search.ts"] tr.diff-line.new').last();
  await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await line.hover();
  await line.getByTestId('diff-comment-button').click();
  await alice.getByTestId('diff-comment-text').fill(`${tag} could be clearer`);
  await alice.getByTestId('diff-comment-submit').click();
  await expect(alice.getByTestId('diff-comment-form')).toHaveCount(0);

  // Bob replies in that thread: Insert suggestion fills in the thread's line, which he edits
  const thread = bob.getByTestId('diff-thread').filter({ hasText: tag });
  await expect(thread).toBeVisible({ timeout: 10_000 });
  await thread.getByTestId('diff-thread-reply').click();
  await thread.getByTestId('insert-suggestion').click();
  const box = thread.getByTestId('diff-comment-text');
  const inserted = await box.inputValue();
  const original = /^```suggestion:-0\+0\n([\s\S]*)\n```\n$/.exec(inserted)?.[1];
  expect(original, inserted).toBeTruthy();
  await box.fill(inserted.replace(`${original}\n`, `${original} // from a reply\n`));
  await thread.getByTestId('diff-comment-submit').click();

  // Alice sees the reply live as a proposed change of that line, with Apply suggestion
  const block = alice.getByTestId('diff-thread').filter({ hasText: tag }).getByTestId('suggestion').filter({ hasText: '// from a reply' });
  await expect(block).toBeVisible({ timeout: 10_000 });
  await expect(block.getByTestId('suggestion-apply')).toBeVisible();
  await expect(block).toContainText(original!);
});
