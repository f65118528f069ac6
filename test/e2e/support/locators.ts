import type { Page } from '@playwright/test';

/** Locators shared by the discussion specs (issue and epic pages alike). */

/** The main comment form's textbox. */
export const commentBox = (page: Page) => page.getByTestId('comment-form').getByRole('textbox', { name: 'Comment' });
/** The discussion holding a note whose text is exactly `text`. */
export const discussionWith = (page: Page, text: string) => page.getByTestId('discussion').filter({ has: page.getByTestId('note-text').getByText(text, { exact: true }) });
/** The note whose text is exactly `text`. */
export const noteWith = (page: Page, text: string) => page.getByTestId('note').filter({ has: page.getByTestId('note-text').getByText(text, { exact: true }) });
