import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { authOf } from './request-context';

/** The signed-in actor or null, for REST controllers and GraphQL resolvers alike. */
export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const type = ctx.getType<string>();
  const req: Request =
    type === 'graphql' ? (ctx.getArgByIndex(2) as { req: Request }).req : ctx.switchToHttp().getRequest<Request>();
  return authOf(req).actor;
});
