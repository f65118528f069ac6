import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../errors/app-error';
import type { Actor } from '../policy/policy';
import { authOf } from './request-context';

function actorOf(ctx: ExecutionContext): Actor | null {
  const type = ctx.getType<string>();
  const req: Request =
    type === 'graphql' ? (ctx.getArgByIndex(2) as { req: Request }).req : ctx.switchToHttp().getRequest<Request>();
  return authOf(req).actor;
}

/** The signed-in actor or null, for REST controllers and GraphQL resolvers alike. */
export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext) => actorOf(ctx));

/**
 * The signed-in actor; a request without one is refused with 401 (GraphQL: the same error)
 * before the handler runs. For handlers that need a user whatever they are asked.
 */
export const SignedInActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor => {
  const actor = actorOf(ctx);
  if (!actor) throw new AppError('UNAUTHORIZED');
  return actor;
});
