"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=graphql.context.js.map