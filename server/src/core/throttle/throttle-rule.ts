import { z } from 'zod';

/** A limit: at most `limit` counted requests per `periodMs` (fixed window, as Rack Attack). 0 disables it. */
export interface ThrottleRule {
  limit: number;
  periodMs: number;
}

/** `count/seconds` from the environment, e.g. `10/600`; `0` turns the limit off. */
export const throttleRuleEnv = (fallback: string) =>
  z
    .string()
    .regex(/^(0|\d{1,9}\/\d{1,7})$/, 'must be COUNT/SECONDS (e.g. 10/600) or 0 to disable')
    .default(fallback)
    .transform((v): ThrottleRule => {
      const [limit, seconds] = v.split('/').map(Number);
      return { limit: limit ?? 0, periodMs: (seconds ?? 0) * 1000 };
    });
