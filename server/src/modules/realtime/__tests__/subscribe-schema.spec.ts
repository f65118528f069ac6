import { describe, expect, it, vi } from 'vitest';
import { firstIssue, parseSubscribeRequest, parseUnsubscribeRequest, subscribeRequestSchema, unsubscribeRequestSchema } from '@tandem/shared-types';

/** What a client reads in a refused subscribe's ack: the message names the field. */
const refusal = (raw: unknown): string | null => {
  const r = subscribeRequestSchema.safeParse(raw);
  return r.success ? null : firstIssue(r.error);
};

const ok = { channel: 'IssuesChannel', project_path: 'acme/tandem', iid: 3 };

describe('socket subscribe payloads (shared-types/src/realtime/subscribe.schema.ts)', () => {
  it('names the field that is wrong', () => {
    expect(refusal(null)).toBe('subscription must be an object');
    expect(refusal({ ...ok, channel: 'Nope' })).toBe('channel must be IssuesChannel, EpicsChannel or MergeRequestsChannel');
    expect(refusal({ ...ok, project_path: undefined })).toBe('project_path is invalid');
    expect(refusal({ ...ok, project_path: '  ' })).toBe('project_path is invalid');
    expect(refusal({ ...ok, project_path: 'acme/\u0000' })).toBe('project_path is invalid');
    expect(refusal({ ...ok, project_path: 'a'.repeat(1025) })).toBe('project_path is invalid');
    for (const iid of [0, -1, 1.5, '12x', 2_147_483_648, null]) expect(refusal({ ...ok, iid })).toBe('iid is invalid');
    for (const after of [-3, 1.5, '4']) expect(refusal({ ...ok, after })).toBe('after must be a non-negative integer');
  });

  it('normalises what it accepts', () => {
    expect(subscribeRequestSchema.parse({ ...ok, project_path: ' /acme/tandem/ ', iid: '12', after: null, extra: 1 })).toEqual({
      channel: 'IssuesChannel',
      project_path: 'acme/tandem',
      iid: 12,
    });
    expect(subscribeRequestSchema.parse({ ...ok, after: 0 })).toMatchObject({ after: 0 });
    expect(unsubscribeRequestSchema.safeParse({ ...ok, after: -1 }).success).toBe(true);
  });

  it('reads plain payloads without zod, answering every payload as the schema does', () => {
    const channels = ['IssuesChannel', 'EpicsChannel', 'MergeRequestsChannel', 'issueschannel', 'Nope', undefined, 3];
    const paths = ['acme/tandem', ' /acme/tandem/ ', '//a//', 'groups/acme', '  ', '', 'acme/\u0000', 'a'.repeat(1024), 'a'.repeat(1025), ' \t x \n', 'é/ü', 7, null, undefined];
    const iids = [1, 3, '12', '0012', '1234567890', '12345678901', 0, -1, 1.5, '12x', ' 12', '', 2_147_483_647, 2_147_483_648, '2147483648', Number.NaN, Infinity, null, undefined, true, [3]];
    const afters = [undefined, null, 0, 4, 2_147_483_647, 2_147_483_648, -3, 1.5, '4', Number.NaN, false];
    const payloads: unknown[] = [null, undefined, 'x', 3, [], [ok], new Date(), { ...ok, extra: { nested: true } }];
    for (const channel of channels) for (const project_path of paths) for (const iid of iids) payloads.push({ channel, project_path, iid });
    for (const after of afters) for (const iid of [3, '3', 0]) payloads.push({ ...ok, iid, after }, { ...ok, iid, after, extra: 1 });
    const zod = vi.spyOn(subscribeRequestSchema, 'safeParse');
    const zodOff = vi.spyOn(unsubscribeRequestSchema, 'safeParse');
    let plain = 0;
    try {
      for (const raw of payloads) {
        for (const [mine, schema, spy] of [
          [parseSubscribeRequest, subscribeRequestSchema, zod],
          [parseUnsubscribeRequest, unsubscribeRequestSchema, zodOff],
        ] as const) {
          spy.mockClear();
          const got = mine(raw);
          if (!spy.mock.calls.length) plain++;
          const want = schema.safeParse(raw);
          expect(got.success, JSON.stringify(raw)).toBe(want.success);
          if (got.success && want.success) expect(got.data, JSON.stringify(raw)).toEqual(want.data);
          if (!got.success && !want.success) expect(firstIssue(got.error)).toBe(firstIssue(want.error));
        }
      }
    } finally {
      zod.mockRestore();
      zodOff.mockRestore();
    }
    // The plain payloads did skip zod (the comparison above is not of zod with itself only)
    expect(plain).toBeGreaterThan(100);
    expect(parseSubscribeRequest({ ...ok, project_path: ' /acme/tandem/ ', iid: '12', after: 5 })).toEqual({ success: true, data: { channel: 'IssuesChannel', project_path: 'acme/tandem', iid: 12, after: 5 } });
  });
});
