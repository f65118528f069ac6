"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OAUTH_PREFIX = exports.PAT_PREFIX = exports.randomToken = exports.digest = void 0;
exports.safeEqual = safeEqual;
const node_crypto_1 = require("node:crypto");
const digest = (token) => (0, node_crypto_1.createHash)('sha256').update(token).digest('hex');
exports.digest = digest;
const randomToken = (bytes = 32) => (0, node_crypto_1.randomBytes)(bytes).toString('base64url');
exports.randomToken = randomToken;
exports.PAT_PREFIX = 'tdpat-';
exports.OAUTH_PREFIX = 'tdoat-';
function safeEqual(a, b) {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && (0, node_crypto_1.timingSafeEqual)(x, y);
}
//# sourceMappingURL=tokens.js.map