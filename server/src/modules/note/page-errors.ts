import type { Response } from 'express';
import { ValidationError } from '../../core/errors/app-error';

/** GitLab's page answers: a validation failure is 422 {errors: {base: ["Note can't be blank"]}} (the page builds its alert from base[0]). */
export async function pageErrors<T>(res: Response, fn: () => Promise<T>): Promise<T | { errors: { base: string[] } }> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    res.status(422);
    return { errors: { base: pageErrorMessages(e) } };
  }
}

/** A validation failure's messages as the page words them ("Note can't be blank"). */
export function pageErrorMessages(e: ValidationError): string[] {
  return Object.entries(e.fields).map(([f, m]) => `${humanize(f)} ${m.join(', ')}`);
}

const humanize = (f: string) => {
  const s = f.replace(/_/g, ' ').replace(/^note\./, '');
  return s.charAt(0).toUpperCase() + s.slice(1);
};
