import type { Request } from 'express';
import { AppError } from '../errors/app-error';

/**
 * Login CSRF: the forms that work without a session (sign-in, the forgotten-password request
 * and reset) are exempt from the CSRF header, so a browser's cross-site post, which carries a
 * foreign Origin, is refused here (403). Clients that send no Origin (curl, API clients) pass.
 */
export function assertSameOrigin(req: Request, publicUrl: string): void {
  const origin = req.get('origin');
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError('CSRF');
  }
  if (host !== req.get('host') && origin !== publicUrl) throw new AppError('CSRF');
}
