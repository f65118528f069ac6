import type { Request } from 'express';
import type { AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';

/** Login CSRF: a browser's cross-site form post carries a foreign Origin (403). */
export function assertSameOrigin(req: Request, config: AppConfig): void {
  const origin = req.get('origin');
  if (!origin) return;
  try {
    if (new URL(origin).host !== req.get('host') && origin !== config.publicUrl) throw new AppError('CSRF');
  } catch {
    throw new AppError('CSRF');
  }
}

/** The client address the per-address limits count (req.ip: X-Forwarded-For only with TRUST_PROXY). */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
