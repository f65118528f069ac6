"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pageParams = pageParams;
exports.setPaginationHeaders = setPaginationHeaders;
const pagination_schema_1 = require("./pagination.schema");
const zod_input_1 = require("./zod-input");
/** page (default 1) and per_page (default 20, max 100), as GitLab's offset pagination. */
function pageParams(query) {
    return (0, zod_input_1.parseInput)(pagination_schema_1.pageParamsSchema, query);
}
/** X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, X-Prev-Page and Link headers. */
function setPaginationHeaders(req, res, baseUrl, p, total) {
    const totalPages = Math.max(1, Math.ceil(total / p.perPage));
    const next = p.page < totalPages ? p.page + 1 : null;
    const prev = p.page > 1 ? Math.min(p.page - 1, totalPages) : null;
    res.setHeader('X-Total', String(total));
    res.setHeader('X-Total-Pages', String(totalPages));
    res.setHeader('X-Page', String(p.page));
    res.setHeader('X-Per-Page', String(p.perPage));
    res.setHeader('X-Next-Page', next ? String(next) : '');
    res.setHeader('X-Prev-Page', prev ? String(prev) : '');
    const url = new URL(req.originalUrl, baseUrl);
    const link = (page, rel) => {
        url.searchParams.set('page', String(page));
        url.searchParams.set('per_page', String(p.perPage));
        return `<${url.toString()}>; rel="${rel}"`;
    };
    const links = [];
    if (prev)
        links.push(link(prev, 'prev'));
    if (next)
        links.push(link(next, 'next'));
    links.push(link(1, 'first'), link(totalPages, 'last'));
    res.setHeader('Link', links.join(', '));
}
//# sourceMappingURL=pagination.js.map