import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';
import { normalizeAwardName } from './emoji-names';

/** `{name}`: an emoji name of the set (emoji-names.ts), a number counting as its digits. */
const awardInput = z.object({
  name: z.unknown().transform((raw, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    };
    if (raw === undefined || raw === null) return fail(VALIDATION.missing);
    if (typeof raw !== 'string' && typeof raw !== 'number') return fail(VALIDATION.notString);
    return normalizeAwardName(raw) ?? fail(VALIDATION.notEmojiName);
  }),
});

/** The award name of a request body, or a 400 naming `name`. */
export function parseAwardName(body: unknown): string {
  return parseInput(awardInput, body ?? {}).name;
}
