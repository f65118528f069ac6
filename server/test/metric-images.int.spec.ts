import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_IMAGE_TEXTS, type ApiIssue, type ApiMetricImage } from '@tandem/shared-types';
import { authHeaders, bootApp, call, castOf, DB_MODES, enc, type Auth, type Cast, type TestApp } from './harness';

/**
 * Incident metric images as clients see them, on Postgres and PGlite: GitLab's REST list,
 * upload (multipart file, url, url_text), edit and delete; update_issue to write, read_issue
 * to list and fetch the file; an issue.metric_images event with the new list for watchers;
 * images only, on incidents only; everything 404 while METRIC_IMAGES is off.
 */
const PUBLIC = 'acme/tandem';
const API = `/api/v4/projects/${enc(PUBLIC)}`;
// a 1x1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function upload(app: TestApp, auth: Auth, iid: number, file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${app.url}${API}/issues/${iid}/metric_images`, { method: 'POST', headers: authHeaders(auth), body: form });
  return { status: res.status, body: (await res.json()) as ApiMetricImage & { message?: unknown } };
}

describe.each(DB_MODES)('metric images on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let incident = 0;
  let plain = 0;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    incident = (await call<ApiIssue>(app, 'POST', `${API}/issues`, { auth: who.bob, body: { title: 'Latency spike', issue_type: 'incident' } })).body.iid;
    plain = (await call<ApiIssue>(app, 'POST', `${API}/issues`, { auth: who.bob, body: { title: 'Not an incident' } })).body.iid;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('uploads, lists, serves, edits and deletes, each with an issue.metric_images event', async () => {
    const created = await upload(app, who.carol, incident, { name: 'p95 latency.png', data: PNG }, { url: 'https://grafana.example/d/1', url_text: 'Grafana p95' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ filename: 'p95_latency.png', url: 'https://grafana.example/d/1', url_text: 'Grafana p95' });
    expect(created.body.file_path).toBe(`/${PUBLIC}/-/issues/${incident}/metric_images/${created.body.id}/p95_latency.png`);

    const list = await call<ApiMetricImage[]>(app, 'GET', `${API}/issues/${incident}/metric_images`, { auth: who.dave });
    expect(list.body).toEqual([created.body]);
    const file = await fetch(`${app.url}${created.body.file_path}`, { headers: authHeaders(who.dave) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    // stored re-encoded without metadata: still the 1x1 PNG
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);

    const edited = await call<ApiMetricImage>(app, 'PUT', `${API}/issues/${incident}/metric_images/${created.body.id}`, { auth: who.bob, body: { url_text: 'p95 (Grafana)' } });
    expect(edited.body).toMatchObject({ url: 'https://grafana.example/d/1', url_text: 'p95 (Grafana)' });
    expect((await call(app, 'DELETE', `${API}/issues/${incident}/metric_images/${created.body.id}`, { auth: who.bob })).status).toBe(204);
    expect((await call<ApiMetricImage[]>(app, 'GET', `${API}/issues/${incident}/metric_images`, { auth: who.bob })).body).toEqual([]);
    expect((await fetch(`${app.url}${created.body.file_path}`, { headers: authHeaders(who.bob) })).status).toBe(404);
    expect((await call(app, 'DELETE', `${API}/issues/${incident}/metric_images/${created.body.id}`, { auth: who.bob })).status).toBe(404);

    const events = (await app.ds.query(
      `SELECT e.payload FROM issue_events e JOIN issues i ON i.id = e.noteable_id JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = $2 AND e.type = 'issue.metric_images' ORDER BY e.seq`,
      [PUBLIC, incident],
    )) as Array<{ payload: unknown }>;
    const lists = events.map((e) => {
      const p = (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as { payload?: { metric_images: ApiMetricImage[] }; metric_images?: ApiMetricImage[] };
      return (p.payload ?? p).metric_images!.map((m) => m.url_text);
    });
    expect(lists).toEqual([['Grafana p95'], ['p95 (Grafana)'], []]);
  });

  it('refuses what it must: guests and strangers, non-images, plain issues, bad links (nothing stored)', async () => {
    expect((await upload(app, who.dave, incident, { name: 'a.png', data: PNG })).status).toBe(403);
    expect((await upload(app, who.erin, incident, { name: 'a.png', data: PNG })).status).toBe(403);
    const svg = await upload(app, who.bob, incident, { name: 'x.svg', data: Buffer.from('<svg onload="alert(1)"/>') });
    expect(svg.status).toBe(400);
    expect(svg.body.message).toEqual({ file: [METRIC_IMAGE_TEXTS.fileMissing] });
    expect((await upload(app, who.bob, incident, null)).status).toBe(400);
    const big = await upload(app, who.bob, incident, { name: 'big.png', data: Buffer.alloc(1024 * 1024 + 10) });
    expect(big.status).toBe(400);
    expect((await upload(app, who.bob, plain, { name: 'a.png', data: PNG })).body.message).toEqual({ issue: [METRIC_IMAGE_TEXTS.onlyIncidents] });
    const badUrl = await upload(app, who.bob, incident, { name: 'a.png', data: PNG }, { url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toEqual({ url: [METRIC_IMAGE_TEXTS.badUrl] });
    expect((await call<ApiMetricImage[]>(app, 'GET', `${API}/issues/${incident}/metric_images`, { auth: who.bob })).body).toEqual([]);
    expect((await call(app, 'PUT', `${API}/issues/${incident}/metric_images/abc`, { auth: who.bob, body: { url: null } })).status).toBe(404);
  });

  it('a confidential incident hides its images (and their files) from those who may not read it', async () => {
    const secret = (await call<ApiIssue>(app, 'POST', `${API}/issues`, { auth: who.bob, body: { title: 'Secret incident', issue_type: 'incident', confidential: true } })).body.iid;
    const img = (await upload(app, who.bob, secret, { name: 'a.png', data: PNG })).body;
    expect((await call(app, 'GET', `${API}/issues/${secret}/metric_images`, { auth: who.dave })).status).toBe(404);
    expect((await fetch(`${app.url}${img.file_path}`, { headers: authHeaders(who.dave) })).status).toBe(404);
    expect((await fetch(`${app.url}${img.file_path}`, { headers: authHeaders(who.carol) })).status).toBe(200);
  });
});

describe('metric images switched off (METRIC_IMAGES=false)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await bootApp('pglite', { METRIC_IMAGES: 'false' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 404 and the issue page data says the feature is unavailable', async () => {
    const who = await castOf(app);
    expect((await call(app, 'GET', `${API}/issues/1/metric_images`, { auth: who.bob })).status).toBe(404);
    expect((await upload(app, who.bob, 1, { name: 'a.png', data: PNG })).status).toBe(404);
    const page = await fetch(`${app.url}/${PUBLIC}/-/issues/1`, { headers: authHeaders(who.bob) });
    expect(await page.text()).toContain('"uploadMetricsFeatureAvailable":false');
  });
});
