import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { STATUS_PAGE_TEXTS, type StatusPageIncident } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, renderWithStores, stubFetch } from '../../test/kit';
import { StatusPage } from './StatusPage';
import { PublishToStatusPage } from './PublishToStatusPage';
import { publishedIncidentUrlAtomFamily } from './statusPageAtoms';

const DATA = '/-/status_page/acme/tandem/data';
const notFound = jsonResponse({ message: '404 Not Found' }, { status: 404 });
const incident = (over: Partial<StatusPageIncident> = {}): StatusPageIncident => ({
  id: 4, title: 'API <b>down</b>', description: '<p>We are <strong>on it</strong></p>', status: 'opened',
  created_at: '2026-01-01T09:00:00Z', updated_at: '2026-01-01T09:00:00Z', published_at: '2026-01-01T09:05:00Z', links: { details: 'data/incident/4.json' }, ...over,
});

describe('StatusPage (public)', () => {
  beforeEach(() => {
    window.location.hash = '';
  });
  afterEach(() => {
    window.location.hash = '';
  });

  it('lists the published incidents from list.json, titles as text; the hash route shows one with its comments', async () => {
    const api = stubFetch({
      [`GET ${DATA}/list.json`]: [incident()],
      [`GET ${DATA}/incident/4.json`]: { ...incident(), comments: [{ note: '<p>Fixed the <em>router</em></p>', created_at: '2026-01-01T10:00:00Z' }] },
    });
    renderWithStores(<StatusPage projectPath="acme/tandem" />);
    const entry = await screen.findByTestId('status-page-entry');
    expect(api.calls.map((c) => c.url)).toEqual([`${DATA}/list.json`]);
    const link = screen.getByRole('link', { name: 'API <b>down</b>' });
    expect(link.getAttribute('href')).toBe('#/data/incident/4');
    expect(entry.querySelector('b')).toBeNull();

    act(() => {
      window.location.hash = '#/data/incident/4';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    const shown = await screen.findByTestId('status-page-incident');
    expect(api.calls.map((c) => c.url)).toEqual([`${DATA}/list.json`, `${DATA}/incident/4.json`]);
    expect(shown.querySelector('strong')?.textContent).toBe('on it');
    expect(shown.querySelector('em')?.textContent).toBe('router');
    expect(screen.getByText(STATUS_PAGE_TEXTS.updates)).toBeTruthy();
  });

  it('a page that is off (404) says there is nothing published; an unknown incident says so', async () => {
    stubFetch({ [`GET ${DATA}/list.json`]: notFound, [`GET ${DATA}/incident/9.json`]: notFound });
    renderWithStores(<StatusPage projectPath="acme/tandem" />);
    expect(await screen.findByText(STATUS_PAGE_TEXTS.noIncidents)).toBeTruthy();
    cleanup();
    window.location.hash = '#/data/incident/9';
    renderWithStores(<StatusPage projectPath="acme/tandem" />);
    expect(await screen.findByText(STATUS_PAGE_TEXTS.notFound)).toBeTruthy();
  });
});

describe('PublishToStatusPage', () => {
  const KEY = 'acme/tandem#4';
  const PUBLISH = '/api/v4/projects/acme%2Ftandem/issues/4/status_page';
  afterEach(() => publishedIncidentUrlAtomFamily.remove(KEY));

  it('publishes (the pinned link gets the answer), then offers Unpublish; a refusal shows the server message', async () => {
    const api = stubFetch({
      [`POST ${PUBLISH}`]: jsonResponse({ published_incident_url: 'http://t/-/status_page/acme/tandem/#/data/incident/4', published_at: 'x' }, { status: 201 }),
      [`DELETE ${PUBLISH}`]: jsonResponse({ message: { issue: [STATUS_PAGE_TEXTS.notPublished] } }, { status: 400 }),
    });
    renderWithStores(<PublishToStatusPage issueKey={KEY} projectPath="acme/tandem" iid={4} />);
    fireEvent.click(screen.getByRole('button', { name: STATUS_PAGE_TEXTS.publish }));
    await waitFor(() => expect(appStore.get(publishedIncidentUrlAtomFamily(KEY))).toBe('http://t/-/status_page/acme/tandem/#/data/incident/4'));
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${PUBLISH}`]);
    fireEvent.click(await screen.findByRole('button', { name: STATUS_PAGE_TEXTS.unpublish }));
    expect((await screen.findByRole('alert')).textContent).toContain(STATUS_PAGE_TEXTS.notPublished);
    expect(api.callsTo(`DELETE ${PUBLISH}`)).toHaveLength(1);
    expect(appStore.get(publishedIncidentUrlAtomFamily(KEY))).not.toBeNull();
  });
});
