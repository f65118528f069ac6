"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=issue-input.js.map