"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CurrentActor = void 0;
const common_1 = require("@nestjs/common");
const request_context_1 = require("./request-context");
/** The signed-in actor or null, for REST controllers and GraphQL resolvers alike. */
exports.CurrentActor = (0, common_1.createParamDecorator)((_data, ctx) => {
    const type = ctx.getType();
    const req = type === 'graphql' ? ctx.getArgByIndex(2).req : ctx.switchToHttp().getRequest();
    return (0, request_context_1.authOf)(req).actor;
});
//# sourceMappingURL=current-actor.decorator.js.map