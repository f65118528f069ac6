"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UploadStorage = exports.SECRET_RE = void 0;
exports.sanitiseFilename = sanitiseFilename;
exports.servedAs = servedAs;
const node_crypto_1 = require("node:crypto");
const promises_1 = __importDefault(require("node:fs/promises"));
const node_path_1 = __importDefault(require("node:path"));
/** Content types served inline: raster images only. Everything else is a download (never HTML or SVG inline). */
const INLINE_TYPES = {
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
};
exports.SECRET_RE = /^[0-9a-f]{32}$/;
/** A file name safe in a path and a URL: letters, digits, dot, dash, underscore; no leading dot; at most 100 characters. */
function sanitiseFilename(name) {
    const base = node_path_1.default.basename(name.replace(/\\/g, '/'));
    const ext = node_path_1.default.extname(base).toLowerCase().replace(/[^a-z0-9.]/g, '').slice(0, 10);
    const stem = base
        .slice(0, base.length - node_path_1.default.extname(base).length)
        .replace(/[^A-Za-z0-9._-]+/g, '_')
        .replace(/^[._]+/, '')
        .slice(0, 100 - ext.length);
    return `${stem || 'file'}${ext}`;
}
/** How a stored file is served: inline for the allow-listed images, an attachment for everything else. */
function servedAs(filename) {
    const type = INLINE_TYPES[node_path_1.default.extname(filename).toLowerCase()];
    return type ? { contentType: type, inline: true } : { contentType: 'application/octet-stream', inline: false };
}
/** Attachments on disk: `<uploads dir>/<project id>/<32 hex secret>/<sanitised file name>`. */
class UploadStorage {
    root;
    constructor(root) {
        this.root = root;
    }
    async save(projectId, originalName, data) {
        const secret = (0, node_crypto_1.randomBytes)(16).toString('hex');
        const filename = sanitiseFilename(originalName);
        const dir = node_path_1.default.join(this.root, String(projectId), secret);
        await promises_1.default.mkdir(dir, { recursive: true });
        await promises_1.default.writeFile(node_path_1.default.join(dir, filename), data, { flag: 'wx' });
        return { secret, filename };
    }
    /** The stored file's path, or null when the name is not one this storage could have written or nothing is there. */
    async find(projectId, secret, filename) {
        if (!exports.SECRET_RE.test(secret) || sanitiseFilename(filename) !== filename)
            return null;
        const file = node_path_1.default.join(this.root, String(projectId), secret, filename);
        try {
            return (await promises_1.default.stat(file)).isFile() ? file : null;
        }
        catch {
            return null;
        }
    }
}
exports.UploadStorage = UploadStorage;
//# sourceMappingURL=upload-storage.js.map