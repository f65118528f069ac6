import type { Page } from '@playwright/test';

/** Locators shared by several specs. */

/** The main comment form's textbox. */
export const commentBox = (page: Page) => page.getByTestId('comment-form').getByRole('textbox', { name: 'Comment' });
/** The discussion holding a note whose text is exactly `text`. */
export const discussionWith = (page: Page, text: string) => page.getByTestId('discussion').filter({ has: page.getByTestId('note-text').getByText(text, { exact: true }) });
/** The note whose text is exactly `text`. */
export const noteWith = (page: Page, text: string) => page.getByTestId('note').filter({ has: page.getByTestId('note-text').getByText(text, { exact: true }) });
/** The issue edit form's description textbox. */
export const descriptionBox = (page: Page) => page.getByRole('textbox', { name: 'Description', exact: true });
/** The incident list's row linking to the incident titled exactly `title`. */
export const incidentRow = (page: Page, title: string) => page.getByTestId('incident-row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
