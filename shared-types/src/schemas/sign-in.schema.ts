import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../errors';

/** Longer passwords are refused before hashing: argon2 over megabytes is a cheap denial of service. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * POST /users/sign_in (the sign-in form): `login` is a username or an email (`username` is
 * accepted as its alias). Blank fields are left to the credential check, which answers
 * "Invalid login or password." like GitLab; only wrong types and absurd lengths are refused here.
 */
export const signInSchema = z
  .object({
    login: z.string().max(LIMITS.usernameMaxLength, VALIDATION.tooLong(LIMITS.usernameMaxLength)).optional(),
    username: z.string().max(LIMITS.usernameMaxLength, VALIDATION.tooLong(LIMITS.usernameMaxLength)).optional(),
    password: z.string().max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH)).optional(),
  })
  .transform((b) => ({ login: (b.login ?? b.username ?? '').trim(), password: b.password ?? '' }));

export type SignInInput = z.output<typeof signInSchema>;

/**
 * POST /oauth/token, the resource-owner password grant. `grant_type` is checked by the
 * endpoint itself (its OAuth error shape); `scope` is space- or plus-separated.
 */
export const passwordGrantSchema = z.object({
  grant_type: z.unknown(),
  username: z.string().max(LIMITS.usernameMaxLength, VALIDATION.tooLong(LIMITS.usernameMaxLength)).default(''),
  password: z.string().max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH)).default(''),
  scope: z.string().max(255, VALIDATION.tooLong(255)).optional(),
});

export type PasswordGrantInput = z.output<typeof passwordGrantSchema>;
