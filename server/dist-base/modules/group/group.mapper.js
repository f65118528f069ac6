"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toApiGroup = toApiGroup;
function toApiGroup(g, baseUrl, fullName) {
    return {
        id: g.id,
        name: g.name,
        path: g.path,
        full_path: g.fullPath,
        full_name: fullName,
        description: g.description,
        parent_id: g.parentId,
        visibility: g.visibility,
        web_url: `${baseUrl}/groups/${g.fullPath}`,
        created_at: g.createdAt.toISOString(),
    };
}
//# sourceMappingURL=group.mapper.js.map