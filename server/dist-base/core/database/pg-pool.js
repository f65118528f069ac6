"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pgPool = pgPool;
/**
 * The node-postgres pool behind TypeORM (Postgres and PGlite alike). Hot paths query it with
 * named (prepared) statements, skipping TypeORM's per-query runner and a parse and plan per call.
 */
function pgPool(ds) {
    return ds.driver.master;
}
//# sourceMappingURL=pg-pool.js.map