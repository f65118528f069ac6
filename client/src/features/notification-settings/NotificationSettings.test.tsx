import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_CUSTOM_EVENTS, type ApiNotificationSettingsPage, type NotificationEvents } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { NotificationSettings } from './NotificationSettings';

const PAGE = 'GET /-/profile/notifications.json';
const none = Object.fromEntries(NOTIFICATION_CUSTOM_EVENTS.map((e) => [e, false])) as NotificationEvents;

const page = (): ApiNotificationSettingsPage => ({
  global: { level: 'participating', notification_email: 'carol@example.com' },
  groups: [{ id: 5, name: 'Acme', full_path: 'acme', setting: { level: 'global' } }],
  projects: [{ id: 1, name_with_namespace: 'Acme / Tandem', path_with_namespace: 'acme/tandem', setting: { level: 'custom', events: { ...none, close_issue: true, merge_merge_request: true } } }],
});

describe('NotificationSettings', () => {
  let api: FetchStub;

  beforeEach(() => {
    api = stubFetch({ [PAGE]: page() });
  });

  it('shows the global level with the notification email, each group and project with its level, and a custom level with its events', async () => {
    renderWithStores(<NotificationSettings />);
    const global = await screen.findByLabelText('Global notification level');
    expect((global as HTMLSelectElement).value).toBe('participating');
    // 'Global' is not a global level
    expect(within(global).queryByRole('option', { name: 'Global' })).toBeNull();
    expect(screen.getByText('You will only receive notifications for threads you have participated in. By default, all projects and groups use the global notifications setting.')).toBeTruthy();
    expect(screen.getByTestId('notification-email').textContent).toBe('carol@example.com');
    expect((screen.getByLabelText('acme') as HTMLSelectElement).value).toBe('global');
    expect((screen.getByLabelText('Acme / Tandem') as HTMLSelectElement).value).toBe('custom');
    const events = screen.getByRole('group', { name: 'Custom notification events' });
    expect((within(events).getByLabelText('Close issue') as HTMLInputElement).checked).toBe(true);
    expect((within(events).getByLabelText('New note') as HTMLInputElement).checked).toBe(false);
    // GitLab's merge request events, with its labels
    expect(within(events).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual([
      'New note', 'New issue', 'Reopen issue', 'Close issue', 'Reassign issue', 'Issue due date changed', 'New merge request', 'Push to merge request',
      'Reopen merge request', 'Close merge request', 'Reassign merge request', 'Change reviewer merge request', 'Merge merge request',
    ]);
    expect((within(events).getByLabelText('Merge merge request') as HTMLInputElement).checked).toBe(true);
    expect((within(events).getByLabelText('Push to merge request') as HTMLInputElement).checked).toBe(false);
  });

  it('saves a level at once through GitLab API, shows the custom events when custom is chosen, and saves an event', async () => {
    api.on({
      'PUT /api/v4/groups/5/notification_settings': ({ body }) =>
        body.level === 'custom' ? { level: 'custom', events: none } : { level: 'custom', events: { ...none, ...body } },
    });
    renderWithStores(<NotificationSettings />);
    fireEvent.change(await screen.findByLabelText('acme'), { target: { value: 'custom' } });
    await waitFor(() => expect(api.lastCall('PUT /api/v4/groups/5/notification_settings').body).toEqual({ level: 'custom' }));
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    const fieldsets = screen.getAllByRole('group', { name: 'Custom notification events' });
    expect(fieldsets).toHaveLength(2);
    fireEvent.click(within(fieldsets[0]!).getByLabelText('New note'));
    await waitFor(() => expect(api.lastCall('PUT /api/v4/groups/5/notification_settings').body).toEqual({ new_note: true }));
    await waitFor(() => expect((within(screen.getAllByRole('group', { name: 'Custom notification events' })[0]!).getByLabelText('New note') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(screen.getAllByRole('group', { name: 'Custom notification events' })[0]!).getByLabelText('Change reviewer merge request'));
    await waitFor(() => expect(api.lastCall('PUT /api/v4/groups/5/notification_settings').body).toEqual({ change_reviewer_merge_request: true }));
  });

  it('a refused save shows the failure text and puts the previous level back', async () => {
    api.on({ 'PUT /api/v4/notification_settings': jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderWithStores(<NotificationSettings />);
    const global = (await screen.findByLabelText('Global notification level')) as HTMLSelectElement;
    fireEvent.change(global, { target: { value: 'disabled' } });
    expect(await screen.findByText('An error occurred while updating the notification settings. Please try again.')).toBeTruthy();
    expect(global.value).toBe('participating');
  });

  it('says what is mailed (issues and merge requests, not pipelines or releases), in a callout that stays closed after a reload', async () => {
    const { unmount } = renderWithStores(<NotificationSettings />);
    const callout = await screen.findByTestId('notifications-issues-only');
    expect(callout.textContent).toContain('Notification emails are sent about issues and merge requests: pipelines and releases are not mailed.');
    fireEvent.click(within(callout).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('notifications-issues-only')).toBeNull();
    unmount();
    renderWithStores(<NotificationSettings />);
    await screen.findByLabelText('Global notification level');
    expect(screen.queryByTestId('notifications-issues-only')).toBeNull();
    document.cookie = 'callout_notifications_issues_only_dismissed=; max-age=0; path=/';
  });

  it('a page that cannot load says so', async () => {
    api.on({ [PAGE]: jsonResponse({ message: 'no' }, { status: 500 }) });
    renderWithStores(<NotificationSettings />);
    expect(await screen.findByText('An error occurred while loading the notification settings.')).toBeTruthy();
  });
});
