import { describe, expect, it } from 'vitest';
import { keyFromAddress, parseIncomingEmailKey } from '../../incoming-email/incoming-email-key';
import { parseServiceDeskKey, serviceDeskAddress, serviceDeskKey } from '../service-desk-address';

const PATTERN = 'incoming+%{key}@mail.example.com';

describe('service desk address', () => {
  it("is GitLab's key in the incoming pattern, and reads back to the project id", () => {
    const address = serviceDeskAddress(PATTERN, { id: 7, fullPath: 'Acme/Platform/Secret-Plans2' })!;
    expect(address).toBe('incoming+acme-platform-secret-plans2-7-issue-@mail.example.com');
    expect(parseServiceDeskKey(keyFromAddress(PATTERN, address.toUpperCase())!)).toBe(7);
    expect(serviceDeskAddress(undefined, { id: 7, fullPath: 'acme/x' })).toBeNull();
  });

  it('is never taken for an issue email, nor an issue email for it', () => {
    const issueKey = 'acme-tandem-1-abcdefghijklmnopqrstuvwxyz-issue-3';
    expect(parseServiceDeskKey(issueKey)).toBeNull();
    expect(parseIncomingEmailKey(serviceDeskKey({ id: 1, fullPath: 'acme/tandem' }))).toBeNull();
  });

  it('refuses keys without a valid project id', () => {
    for (const k of ['acme-tandem-issue-', 'acme-tandem-0-issue-', 'acme-tandem-99999999999-issue-', '-issue-', 'acme-tandem-1-issue-4']) expect(parseServiceDeskKey(k)).toBeNull();
  });
});
