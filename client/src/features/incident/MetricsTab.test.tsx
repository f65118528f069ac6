import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INCIDENT_TEXTS, METRIC_IMAGE_TEXTS as T, type AnyRealtimeEvent, type ApiMetricImage } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { graphql, jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { EventRegistry } from '../../realtime/eventRegistry';
import { issueAtomFamily } from '../issue/issueAtoms';
import { makeIssue } from '../issue/testIssue';
import { csrfTokenAtom } from '../session/sessionAtoms';
import { IncidentTabs } from './IncidentTabs';
import { metricImageEvents } from './metricImageEvents';

const KEY = 'acme/tandem#5';
const API = '/api/v4/projects/acme%2Ftandem/issues/5/metric_images';
const image = (id: number, extra: Partial<ApiMetricImage> = {}): ApiMetricImage => ({
  id, created_at: '2026-01-01T00:00:00.000Z', filename: `m${id}.png`, file_path: `/acme/tandem/-/issues/5/metric_images/${id}/m${id}.png`, url: null, url_text: null, ...extra,
});

describe('the incident Metrics tab', () => {
  let api: FetchStub;
  let images: ApiMetricImage[];

  beforeEach(() => {
    appStore.set(csrfTokenAtom, 'csrf');
    appStore.set(issueAtomFamily(KEY), makeIssue({ iid: 5, issue_type: 'incident', type: 'INCIDENT' }));
    images = [image(1, { url: 'https://grafana.example/d/1', url_text: 'p95 latency' }), image(2)];
    api = stubFetch({
      'POST /api/graphql': graphql({ incidentDetails: { data: { project: { issue: { slaDueAt: null, alertManagementAlert: null } } } } }),
      [`GET ${API}`]: () => images,
    });
  });
  afterEach(() => issueAtomFamily.remove(KEY));

  const renderTabs = (props: { metricsAvailable: boolean; canUpdate: boolean }) =>
    renderWithStores(
      <IncidentTabs issueKey={KEY} projectPath="acme/tandem" {...props}>
        <p>The description</p>
      </IncidentTabs>,
    );
  const openMetrics = async () => {
    fireEvent.click(await screen.findByRole('tab', { name: INCIDENT_TEXTS.tabMetrics }));
    return screen.findByTestId('metric-images');
  };

  it('is left out when the upload-metrics feature is off', async () => {
    renderTabs({ metricsAvailable: false, canUpdate: true });
    await waitFor(() => expect(api.calls).not.toHaveLength(0));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([INCIDENT_TEXTS.tabSummary]);
  });

  it('lists the images with their links; readers get no upload or delete', async () => {
    renderTabs({ metricsAvailable: true, canUpdate: false });
    const tab = await openMetrics();
    await waitFor(() => expect(within(tab).getAllByTestId('metric-image')).toHaveLength(2));
    const link = within(tab).getByRole('link', { name: 'p95 latency' });
    expect(link.getAttribute('href')).toBe('https://grafana.example/d/1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect((within(tab).getByRole('img', { name: 'p95 latency' }) as HTMLImageElement).getAttribute('src')).toBe(images[0]!.file_path);
    expect(within(tab).queryByRole('button', { name: new RegExp(T.deleteImage) })).toBeNull();
    expect(within(tab).queryByRole('button', { name: T.upload })).toBeNull();
  });

  it('uploads a file with its link and text (multipart), and deletes after the confirmation', async () => {
    renderTabs({ metricsAvailable: true, canUpdate: true });
    const tab = await openMetrics();
    await waitFor(() => expect(within(tab).getAllByTestId('metric-image')).toHaveLength(2));
    api.on({ [`POST ${API}`]: jsonResponse(image(3, { url: 'https://x.example', url_text: 'CPU' }), { status: 201 }) });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'cpu.png', { type: 'image/png' });
    fireEvent.change(within(tab).getByLabelText(T.fileLabel), { target: { files: [file] } });
    fireEvent.change(within(tab).getByLabelText(T.urlLabel), { target: { value: 'https://x.example' } });
    fireEvent.change(within(tab).getByLabelText(T.urlTextLabel), { target: { value: 'CPU' } });
    fireEvent.click(within(tab).getByRole('button', { name: T.upload }));
    await waitFor(() => expect(within(tab).getAllByTestId('metric-image')).toHaveLength(3));
    const form = api.lastCall(`POST ${API}`).body as FormData;
    expect((form.get('file') as File).name).toBe('cpu.png');
    expect(form.get('url')).toBe('https://x.example');
    expect(form.get('url_text')).toBe('CPU');

    api.on({ [`DELETE ${API}/:id`]: undefined });
    fireEvent.click(within(tab).getByRole('button', { name: `${T.deleteImage} m2.png` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(T.deleteConfirm);
    fireEvent.click(within(dialog).getByRole('button', { name: T.deleteButton }));
    await waitFor(() => expect(within(tab).getAllByTestId('metric-image')).toHaveLength(2));
    expect(api.callsTo(`DELETE ${API}/:id`).map((c) => c.params.id)).toEqual(['2']);
  });

  it('follows issue.metric_images events (another user uploaded or deleted)', async () => {
    const { queryClient } = renderTabs({ metricsAvailable: true, canUpdate: false });
    const tab = await openMetrics();
    await waitFor(() => expect(within(tab).getAllByTestId('metric-image')).toHaveLength(2));
    const registry = new EventRegistry({ store: appStore, queryClient });
    registry.registerAll(metricImageEvents);
    const event = { type: 'issue.metric_images', seq: 9, issue: { id: 100, iid: 5, project_path: 'acme/tandem' }, payload: { metric_images: [image(7, { url_text: 'From bob' })] }, actor: null, at: '' } as AnyRealtimeEvent;
    registry.dispatch(event);
    await waitFor(() => expect(within(tab).getAllByTestId('metric-image')).toHaveLength(1));
    expect(within(tab).getByText('From bob')).toBeTruthy();
  });
});
