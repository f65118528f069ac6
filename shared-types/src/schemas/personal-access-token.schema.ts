import { z } from 'zod';
import { TOKEN_SCOPES, type TokenScope } from '../constants';
import { VALIDATION } from '../errors';
import { clearableDate, requiredText, todayUtc } from './fields';

const scopesMessage = VALIDATION.notAllowed(TOKEN_SCOPES);

/**
 * POST /api/v4/user/personal_access_tokens (and the tokens form): `name`, `scopes` (an array,
 * or one scope as a string), optional `expires_at` (YYYY-MM-DD, a real day, not before today).
 */
export const personalAccessTokenSchema = z.object({
  name: requiredText(255),
  scopes: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(z.unknown(), { required_error: VALIDATION.required, invalid_type_error: scopesMessage })
      .min(1, VALIDATION.required)
      .refine((a) => a.every((s) => (TOKEN_SCOPES as readonly unknown[]).includes(s)), scopesMessage)
      .transform((a) => [...new Set(a as TokenScope[])]),
  ),
  expires_at: clearableDate().refine((v) => v == null || v >= todayUtc(), VALIDATION.dateInPast),
});

export type PersonalAccessTokenInput = z.output<typeof personalAccessTokenSchema>;
