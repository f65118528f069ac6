import { describe, expect, it } from 'vitest';
import { invitationCreateSchema, isEmailToken, isExpiryAllowed, signUpSchema } from '@tandem/shared-types';

describe('invite rules', () => {
  it('a typed entry with an at sign is an email token', () => {
    expect(isEmailToken('new.person@example.com')).toBe(true);
    expect(isEmailToken(' bob ')).toBe(false);
  });
  it('the expiry date may be today or later, never in the past', () => {
    expect(isExpiryAllowed('2030-01-02', '2030-01-02')).toBe(true);
    expect(isExpiryAllowed('2030-01-03', '2030-01-02')).toBe(true);
    expect(isExpiryAllowed('2030-01-01', '2030-01-02')).toBe(false);
    expect(isExpiryAllowed('2030-13-45', '2030-01-02')).toBe(false);
  });
  it('the invitation schema names a past date, a bad email and a bad level', () => {
    const r = invitationCreateSchema.safeParse({ email: 'nope', access_level: 35, expires_at: '2000-01-01' });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toEqual({ email: 'is invalid', access_level: expect.stringContaining('must be one of'), expires_at: 'cannot be a date in the past' });
  });
  it('sign-up needs a valid username, a name, an email and 8+ characters of password', () => {
    const r = signUpSchema.safeParse({ username: '-bad', name: '', email: 'x', password: 'short' });
    expect(r.success).toBe(false);
    expect(new Set(r.error!.issues.map((i) => i.path[0]))).toEqual(new Set(['username', 'name', 'email', 'password']));
    expect(signUpSchema.safeParse({ username: 'new_user', name: 'New', email: 'n@example.com', password: 'long enough' }).success).toBe(true);
  });
});
