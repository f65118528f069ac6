"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PROJECT_WATCH_ACCESS = void 0;
exports.PROJECT_WATCH_ACCESS = Symbol('PROJECT_WATCH_ACCESS');
//# sourceMappingURL=project-watch-access.js.map