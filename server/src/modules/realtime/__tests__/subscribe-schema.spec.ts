import { describe, expect, it } from 'vitest';
import { firstIssue, subscribeRequestSchema, unsubscribeRequestSchema } from '@tandem/shared-types';

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
});
