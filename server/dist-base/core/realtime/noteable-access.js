"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NOTEABLE_ACCESS = void 0;
exports.noteableAccessRegistry = noteableAccessRegistry;
exports.NOTEABLE_ACCESS = Symbol('NOTEABLE_ACCESS');
function noteableAccessRegistry(all) {
    return new Map(all.map((a) => [a.type, a]));
}
//# sourceMappingURL=noteable-access.js.map