import { expect, test, type Page } from '@playwright/test';
import { csrfOf, signedInPage } from './support/session';

// The demo's review merge request on acme/tandem ("Refresh the banner and tidy the tools"): an image, a rename, a mode change, a binary, a large file and code.
async function openChanges(page: Page): Promise<void> {
  const list = (await (await page.request.get('/api/v4/projects/acme%2Ftandem/merge_requests?search=Refresh%20the%20banner')).json()) as Array<{ iid: number }>;
  expect(list.length).toBeGreaterThan(0);
  await page.goto(`/acme/tandem/-/merge_requests/${list[0]!.iid}`);
  await page.getByTestId('mr-tab-changes').click();
  await expect(page.getByTestId('mr-changes')).toBeVisible();
}

test('the Changes tab in two browsers: file tree, highlighted lines in both views, notices, image modes, Show file contents, Viewed remembered', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openChanges(alice);
  await openChanges(bob);

  for (const page of [alice, bob]) await expect(page.getByTestId('diff-tree').getByRole('link', { name: 'assets/banner.png' })).toBeVisible();
  const code = alice.locator('[data-testid="diff-file"][data-path="src/search.ts"]');
  // The diff's own added lines (a thread's suggestion under a line shows rows of its own)
  const added = code.locator('tr.diff-line.new[data-line-code]');
  await expect(added.locator('.hljs-keyword').first()).toHaveText('export');
  // The user's "<b>" in code is text, not markup
  await expect(code.locator('tr.diff-line.new b')).toHaveCount(0);
  await expect(added.filter({ hasText: 'not bold' })).toContainText('<b>not bold</b>');
  await alice.getByTestId('diff-view-parallel').click();
  await expect(code.getByTestId('diff-parallel')).toBeVisible();

  await expect(alice.locator('[data-path="docs/new-name.md"]').getByTestId('diff-renamed-notice')).toContainText('File moved from docs/old-name.md to docs/new-name.md');
  await expect(alice.locator('[data-path="tools/build.sh"]').getByTestId('diff-mode-notice')).toHaveText('File mode changed from 100644 to 100755');
  await expect(alice.locator('[data-path="data/blob.bin"]').getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\/acme\/tandem\/-\/raw\/[0-9a-f]{40}\/data\/blob\.bin$/);

  // Image modes switch, in each browser on its own
  const image = bob.locator('[data-path="assets/banner.png"]');
  await image.scrollIntoViewIfNeeded();
  await expect(image.getByTestId('image-two-up').locator('img')).toHaveCount(2);
  await expect.poll(() => image.locator('img[alt="New version"]').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(80);
  await image.getByRole('tab', { name: 'Swipe' }).click();
  const swipe = image.getByTestId('image-swipe');
  // The frame is the larger image plus 2 px; the handle starts in the middle and follows a drag
  await expect(swipe).toHaveCSS('width', '82px');
  const box = (await swipe.boundingBox())!;
  await bob.mouse.move(box.x + 10, box.y + 10);
  await bob.mouse.down();
  await bob.mouse.move(box.x + 20, box.y + 10);
  await bob.mouse.up();
  await expect(image.getByTestId('swipe-handle')).toHaveAttribute('aria-valuenow', '20');
  await expect(image.getByTestId('swipe-new')).toHaveCSS('width', '20px');
  await image.getByRole('tab', { name: 'Onion skin' }).click();
  await image.getByTestId('onion-opacity').fill('25');
  await expect(image.getByTestId('onion-new')).toHaveCSS('opacity', '0.25');
  await image.getByRole('tab', { name: '2-up' }).click();
  await expect(image.getByTestId('image-two-up')).toBeVisible();
  await expect(alice.locator('[data-path="assets/banner.png"]').getByTestId('image-diff')).toHaveAttribute('data-mode', 'twoUp');

  // The large file is collapsed until Show file contents
  const big = alice.locator('[data-path="src/big.txt"]');
  await big.scrollIntoViewIfNeeded();
  await big.getByTestId('diff-show-contents').click();
  await expect(big).toHaveAttribute('data-viewer', 'text');
  await expect(big.locator('tr.diff-line')).toHaveCount(600);

  // Viewed is remembered in this browser after a reload, not in the other
  await alice.locator('[data-path="src/search.ts"]').getByTestId('diff-viewed').check();
  await expect(alice.getByTestId('diff-viewed-count')).toContainText('1/7');
  await alice.reload();
  await alice.getByTestId('mr-tab-changes').click();
  await expect(alice.getByTestId('diff-viewed-count')).toContainText('1/7');
  await expect(alice.getByTestId('diff-parallel').first()).toBeVisible();
  await expect(bob.getByTestId('diff-viewed-count')).toContainText('0/7');

  // On a phone's width the file list sits above the files and the diff stays on screen (the tree's width pushed it off)
  await bob.setViewportSize({ width: 360, height: 800 });
  const deleted = bob.locator('[data-path="docs/obsolete.md"]');
  await deleted.scrollIntoViewIfNeeded();
  const onScreen = (await deleted.boundingBox())!;
  expect(onScreen.x).toBeGreaterThanOrEqual(0);
  expect(onScreen.x + onScreen.width).toBeLessThanOrEqual(360);
  expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a line comment in the Changes tab appears on the other page, under its line and in the Overview', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openChanges(alice);
  await openChanges(bob);
  const text = `Why multiply here? ${Date.now()}`;
  // Alice comments on the added line 12 of src/search.ts
  const line = alice.locator('[data-path="src/search.ts"] tr.diff-line.new').first();
  await line.hover();
  await line.getByTestId('diff-comment-button').click();
  await alice.getByTestId('diff-comment-text').fill(text);
  await alice.getByTestId('diff-comment-submit').click();
  await expect(alice.getByTestId('diff-comment-form')).toHaveCount(0);
  const mine = alice.getByTestId('diff-thread').filter({ hasText: text });
  await expect(mine).toBeVisible();

  // Bob sees it appear under the same line without a reload
  const theirs = bob.getByTestId('diff-thread').filter({ hasText: text });
  await expect(theirs).toBeVisible({ timeout: 5000 });
  const code = await line.getAttribute('data-line-code');
  await expect(bob.locator(`[data-path="src/search.ts"] tr[data-line-code="${code}"] + tr.diff-notes-row`)).toContainText(text);
  // and in the Overview
  await bob.getByTestId('mr-tab-overview').click();
  const thread = bob.getByTestId('discussion').filter({ hasText: text });
  await expect(thread).toBeVisible();
  // with its file, line and code excerpt
  await expect(thread.getByTestId('diff-excerpt')).toContainText('src/search.ts line 12');
  await expect(thread.getByTestId('diff-excerpt').locator('tr.diff-line').last()).toContainText('x * 12');
  // A comment that arrives while Bob's Overview is open: he may react to it at once (a live note
  // carries no viewer flags; the page's right decides)
  const later = `And the tests? ${Date.now()}`;
  const mrPath = new URL(bob.url()).pathname.replace(/\/$/, '');
  const iid = mrPath.split('/').pop();
  const posted = await alice.request.post(`/api/v4/projects/acme%2Ftandem/merge_requests/${iid}/notes`, { data: { body: later }, headers: { 'x-csrf-token': csrfOf(alice) } });
  expect(posted.status()).toBe(201);
  const live = bob.getByTestId('discussion').filter({ hasText: later });
  await expect(live).toBeVisible();
  await live.getByTestId('add-reaction').click();
  await bob.getByRole('searchbox', { name: 'Search emoji' }).fill('tada');
  await bob.getByTestId('emoji-results').locator('[data-emoji="tada"]').click();
  await expect(live.getByTestId('award-tada')).toContainText('1');
});

test('a comment on a range of lines (dragged over their comment buttons) appears on the other page under the range\'s last line, saying which lines', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openChanges(alice);
  await openChanges(bob);
  const text = `These three lines ${Date.now()}`;
  // Alice drags the comment button of context line 10 of src/search.ts down to the added line 12
  const file = alice.locator('[data-path="src/search.ts"]');
  const from = file.locator('tr.diff-line').filter({ has: alice.locator('td.diff-num', { hasText: /^10$/ }) }).first();
  const to = file.locator('tr.diff-line.new').first();
  // Both rows in the viewport: the mouse works at screen coordinates
  await to.scrollIntoViewIfNeeded();
  await from.hover();
  const box = (await from.getByTestId('diff-comment-button').boundingBox())!;
  await alice.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await alice.mouse.down();
  const target = (await to.locator('td.diff-code').boundingBox())!;
  await alice.mouse.move(target.x + 20, target.y + target.height / 2, { steps: 5 });
  await expect(file.getByTestId('diff-range-line')).toHaveCount(4);
  await alice.mouse.up();
  await expect(alice.getByTestId('diff-range-form-header')).toHaveText('Commenting on lines 10 to +12');
  // Insert suggestion takes the range's lines but the removed one: lines 10, 11 and the new 12, two above the last
  await alice.getByTestId('insert-suggestion').click();
  await expect(alice.getByTestId('diff-comment-text')).toHaveValue(/^```suggestion:-2\+0\n.*x \+ 10;\n.*x \+ 11;\n.*x \* 12; \/\/ <b>not bold<\/b>.*\n```\n$/);
  await alice.getByTestId('diff-comment-text').fill(text);
  await alice.getByTestId('diff-comment-submit').click();
  await expect(alice.getByTestId('diff-comment-form')).toHaveCount(0);
  await expect(alice.getByTestId('diff-thread').filter({ hasText: text }).getByTestId('diff-thread-range')).toHaveText('Comment on lines 10 to +12');

  // Bob sees it live, under the range's last line (the added line 12), with the lines it is on
  const theirs = bob.getByTestId('diff-thread').filter({ hasText: text });
  await expect(theirs).toBeVisible({ timeout: 5000 });
  await expect(theirs.getByTestId('diff-thread-range')).toHaveText('Comment on lines 10 to +12');
  const code = await to.getAttribute('data-line-code');
  await expect(bob.locator(`[data-path="src/search.ts"] tr[data-line-code="${code}"] + tr.diff-notes-row`)).toContainText(text);
  // Hovering the thread highlights its lines (10, 11, the removed and the added 12), and only while hovered
  const highlighted = bob.locator('[data-path="src/search.ts"] td.diff-code.diff-range-hover');
  await theirs.hover();
  await expect(highlighted).toHaveCount(4);
  await bob.mouse.move(0, 0);
  await expect(highlighted).toHaveCount(0);
  // and in the Overview, over the range's lines
  await bob.getByTestId('mr-tab-overview').click();
  const excerpt = bob.getByTestId('discussion').filter({ hasText: text }).getByTestId('diff-excerpt');
  await expect(excerpt.getByTestId('diff-excerpt-range')).toHaveText('Comment on lines 10 to +12');
  await expect(excerpt.locator('tr.diff-line').first()).toContainText('x + 10');
  await expect(excerpt.locator('tr.diff-line').last()).toContainText('x * 12');
});

test('context expansion shows the hidden lines in both views; the Overview keeps its discussion filter for merge requests and lists the participants', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await openChanges(alice);
  const code = alice.locator('[data-testid="diff-file"][data-path="src/search.ts"]');
  // Line 12 changed: lines 1 to 8 are hidden above its hunk, and come from the file at the head
  const first = code.locator('tr.diff-line', { hasText: 'step1 =' });
  await expect(first).toHaveCount(0);
  await code.getByTestId('diff-expand-all').first().click();
  await expect(first).toHaveCount(1);
  // old and new line 1 (the old side's cell also holds the line's comment button)
  await expect(first.locator('td.diff-num')).toHaveText([/(^|\D)1$/, '1']);
  await expect(first.locator('td.diff-num').first().getByRole('button')).toHaveCount(1);
  // The gap above the first hunk is gone; the one below the last hunk (the file goes on) is left
  await expect(code.locator('tr.diff-match')).toHaveCount(1);
  await expect(code.locator('[data-testid="diff-inline"] tr').last()).toHaveClass(/diff-match/);
  await alice.getByTestId('diff-view-parallel').click();
  await expect(code.locator('tr.diff-line', { hasText: 'step1 =' }).locator('td.diff-code')).toHaveText([/step1 =/, /step1 =/]);

  // The filter chosen on the Overview is the merge request pages' own, and stays after a reload
  await alice.getByTestId('mr-tab-overview').click();
  await expect(alice.getByTestId('mr-participants')).toContainText('Participant');
  const filter = alice.getByTestId('discussion-filter');
  await expect(filter.locator('option')).toHaveText(['Show all activity', 'Show comments only', 'Show history only']);
  // The choice is saved by the discussions read that asks for it (persist_filter): a reload waits for that answer, as a user's would have to
  const persisted = (value: number) => alice.waitForResponse((r) => r.url().includes('persist_filter=true') && r.url().includes(`notes_filter=${value}`) && r.ok());
  const comments = persisted(1);
  await filter.selectOption({ label: 'Show comments only' });
  await comments;
  await expect(alice.getByTestId('notes-area').locator('.system-note')).toHaveCount(0);
  await alice.reload();
  await expect(alice.getByTestId('discussion-filter')).toHaveValue('1');
  const all = persisted(0);
  await alice.getByTestId('discussion-filter').selectOption({ label: 'Show all activity' });
  await all;
  await alice.reload();
  await expect(alice.getByTestId('discussion-filter')).toHaveValue('0');
});

test('a comment on a point of an image: the other page shows its numbered badge on the image and its thread under it live, and the Overview shows the image with the point', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openChanges(alice);
  await openChanges(bob);
  const text = `This orange is too loud ${Date.now()}`;
  const image = (page: Page) => page.locator('[data-testid="diff-file"][data-path="assets/banner.png"]');
  // Alice clicks a point of the new image in 2-up (the demo's new banner is 80 × 50, shown at its size)
  const newImage = image(alice).getByTestId('image-commentable');
  await newImage.scrollIntoViewIfNeeded();
  await expect.poll(() => newImage.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(80);
  const box = (await newImage.boundingBox())!;
  await newImage.click({ position: { x: 20, y: 10 } });
  await expect(image(alice).getByTestId('image-comment-point')).toBeVisible();
  await alice.getByTestId('diff-comment-text').fill(text);
  const posted = alice.waitForResponse((r) => r.request().method() === 'POST' && /\/merge_requests\/\d+\/discussions$/.test(r.url()));
  await alice.getByTestId('diff-comment-submit').click();
  const sent = (await (await posted).request().postDataJSON()) as { position: Record<string, unknown> };
  expect(sent.position).toMatchObject({ position_type: 'image', new_path: 'assets/banner.png', x: 20, y: 10, width: Math.round(box.width), height: Math.round(box.height) });
  await expect(alice.getByTestId('diff-comment-form')).toHaveCount(0);
  const mine = image(alice).getByTestId('image-thread').filter({ hasText: text });
  await expect(mine).toBeVisible();
  const n = (await mine.getAttribute('data-badge'))!;

  // Bob sees the thread under the image and its badge on the new image, with the same number, without a reload
  const theirs = image(bob).getByTestId('image-thread').filter({ hasText: text });
  await expect(theirs).toBeVisible({ timeout: 5000 });
  await expect(theirs).toHaveAttribute('data-badge', n);
  const badge = image(bob).getByTestId('image-frame').getByTestId('image-badge').filter({ hasText: new RegExp(`^${n}$`) });
  await expect(badge).toBeVisible();
  // At the point Alice clicked: its centre within a pixel of it
  const img = (await image(bob).getByTestId('image-commentable').boundingBox())!;
  const b = (await badge.boundingBox())!;
  expect(Math.abs(b.x + b.width / 2 - (img.x + 20))).toBeLessThanOrEqual(1.5);
  expect(Math.abs(b.y + b.height / 2 - (img.y + 10))).toBeLessThanOrEqual(1.5);
  // Its badge folds and unfolds the thread
  await badge.click();
  await expect(theirs.getByTestId('diff-thread')).toHaveCount(0);
  await expect(theirs.getByTestId('image-thread-folded')).toContainText(text);
  await badge.click();
  await expect(theirs.getByTestId('diff-thread')).toContainText(text);
  // Swipe shows the badges over the new image too
  await image(bob).getByRole('tab', { name: 'Swipe' }).click();
  await expect(image(bob).getByTestId('image-swipe').getByTestId('image-badge').filter({ hasText: new RegExp(`^${n}$`) })).toBeVisible();

  // The Overview shows the thread with the image and its point instead of code
  await bob.getByTestId('mr-tab-overview').click();
  const thread = bob.getByTestId('discussion').filter({ hasText: text });
  await expect(thread.getByTestId('diff-excerpt')).toContainText('assets/banner.png');
  await expect(thread.getByTestId('diff-excerpt-image').locator('img')).toHaveJSProperty('naturalWidth', 80);
  await expect(thread.getByTestId('diff-excerpt-badge')).toBeVisible();
  await expect(thread.getByTestId('diff-excerpt').locator('tr.diff-line')).toHaveCount(0);
});
