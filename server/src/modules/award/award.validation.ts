import { z } from 'zod';
import { VALIDATION } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';
import { normalizeAwardName } from './emoji-names';

/** `{name}`: an emoji name of the set (emoji-names.ts), a number counting as its digits. */
const awardInput = z.object({
  name: z
    .union([z.string(), z.number()], { required_error: VALIDATION.missing, invalid_type_error: VALIDATION.notString })
    .transform((raw, ctx) => {
      const name = normalizeAwardName(raw);
      if (name === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.notEmojiName });
        return z.NEVER;
      }
      return name;
    }),
});

/** The award name of a request body, or a 400 naming `name`. */
export function parseAwardName(body: unknown): string {
  return parseInput(awardInput, body ?? {}).name;
}
