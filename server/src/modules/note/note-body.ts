import { LIMITS, VALIDATION } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';

/** A note's markdown: present, not only whitespace, within LIMITS.noteMaxLength; 400 naming `note` otherwise. */
export function validateNoteBody(body: unknown): string {
  if (body !== undefined && body !== null && typeof body !== 'string') throw new ValidationError({ note: [VALIDATION.notString] });
  const text = (body ?? '') as string;
  if (text.trim() === '') throw new ValidationError({ note: [VALIDATION.required] });
  if (text.length > LIMITS.noteMaxLength) throw new ValidationError({ note: [VALIDATION.tooLong(LIMITS.noteMaxLength)] });
  if (text.includes('\u0000')) throw new ValidationError({ note: [VALIDATION.nulCharacter] });
  return text;
}

/** Idempotency-Key: 1..128 visible characters, or absent. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | null {
  if (raw === undefined) return null;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || !/^[\x21-\x7e]{1,128}$/.test(v)) throw new ValidationError({ 'Idempotency-Key': [VALIDATION.invalid] });
  return v;
}
