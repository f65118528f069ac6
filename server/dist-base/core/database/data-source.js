"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.MIGRATIONS = void 0;
exports.openDatabase = openDatabase;
exports.runMigrations = runMigrations;
const node_fs_1 = __importDefault(require("node:fs"));
const node_path_1 = __importDefault(require("node:path"));
const typeorm_1 = require("typeorm");
const pglite_1 = require("@electric-sql/pglite");
const node_postgres_1 = require("@electric-sql/pglite/node-postgres");
const _1763780000000_Init_1 = require("./migrations/1763780000000-Init");
const _1764020000000_WritePath_1 = require("./migrations/1764020000000-WritePath");
const _1764100000001_NoteWrites_1 = require("./migrations/1764100000001-NoteWrites");
const _1764200000001_AwardsAndIssueLinks_1 = require("./migrations/1764200000001-AwardsAndIssueLinks");
const _1764300000001_DescriptionVersions_1 = require("./migrations/1764300000001-DescriptionVersions");
const _1764400000001_SidebarPeople_1 = require("./migrations/1764400000001-SidebarPeople");
const _1764500000001_SidebarTaxonomy_1 = require("./migrations/1764500000001-SidebarTaxonomy");
const _1764600000001_TodosInvitations_1 = require("./migrations/1764600000001-TodosInvitations");
const _1764700000001_TimeTracking_1 = require("./migrations/1764700000001-TimeTracking");
const _1764700000002_IssueTemplates_1 = require("./migrations/1764700000002-IssueTemplates");
const _1764700000003_IssuePageHeader_1 = require("./migrations/1764700000003-IssuePageHeader");
const _1764800000001_Epics_1 = require("./migrations/1764800000001-Epics");
const _1764800000002_Incidents_1 = require("./migrations/1764800000002-Incidents");
/** Every migration, in order. CI fails if the entities drift from them (tools/check-migrations). */
exports.MIGRATIONS = [
    _1763780000000_Init_1.Init1763780000000,
    _1764020000000_WritePath_1.WritePath1764020000000,
    _1764100000001_NoteWrites_1.NoteWrites1764100000001,
    _1764200000001_AwardsAndIssueLinks_1.AwardsAndIssueLinks1764200000001,
    _1764300000001_DescriptionVersions_1.DescriptionVersions1764300000001,
    _1764400000001_SidebarPeople_1.SidebarPeople1764400000001,
    _1764500000001_SidebarTaxonomy_1.SidebarTaxonomy1764500000001,
    _1764600000001_TodosInvitations_1.TodosInvitations1764600000001,
    _1764700000001_TimeTracking_1.TimeTracking1764700000001,
    _1764700000002_IssueTemplates_1.IssueTemplates1764700000002,
    _1764700000003_IssuePageHeader_1.IssuePageHeader1764700000003,
    _1764800000001_Epics_1.Epics1764800000001,
    _1764800000002_Incidents_1.Incidents1764800000002,
];
/**
 * Opens the database: a Postgres server when a URL is given, otherwise PGlite (real Postgres
 * in WASM) driven through the real `pg` client with a pool of one connection, so a
 * transaction holds the single PGlite session until it ends and nothing interleaves.
 */
async function openDatabase(target, entities, opts = {}) {
    const common = {
        type: 'postgres',
        entities,
        migrations: exports.MIGRATIONS,
        synchronize: false,
        migrationsRun: false,
        logging: opts.logging ?? false,
    };
    if (target.url) {
        const dataSource = new typeorm_1.DataSource({ ...common, url: target.url, poolSize: 20, extra: { idleTimeoutMillis: 30_000 } });
        await dataSource.initialize();
        // Nest's TypeOrmModule may already have destroyed it on app shutdown
        return { dataSource, mode: 'postgres', close: async () => { if (dataSource.isInitialized)
                await dataSource.destroy(); } };
    }
    let pglite = opts.pglite;
    let ownsPglite = false;
    if (!pglite) {
        const dir = node_path_1.default.join(target.dataDir, 'pglite');
        node_fs_1.default.mkdirSync(dir, { recursive: true });
        pglite = await pglite_1.PGlite.create(dir);
        ownsPglite = true;
    }
    const dataSource = new typeorm_1.DataSource({
        ...common,
        poolSize: 1,
        installExtensions: false,
        extra: { ...(0, node_postgres_1.createPgConfig)(pglite), idleTimeoutMillis: 0 },
    });
    await dataSource.initialize();
    const db = pglite;
    return {
        dataSource,
        mode: 'pglite',
        close: async () => {
            if (dataSource.isInitialized)
                await dataSource.destroy();
            if (ownsPglite)
                await db.close();
        },
    };
}
/** Runs pending migrations under an advisory lock, so nodes starting together don't race. */
async function runMigrations(dataSource, mode) {
    // PGlite has one session and one owner process: no lock needed (and holding one would
    // take the only connection the migrations need).
    if (mode === 'pglite')
        return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
        await runner.query('SELECT pg_advisory_lock(727274)');
        try {
            const ran = await dataSource.runMigrations({ transaction: 'each' });
            return ran.map((m) => m.name);
        }
        finally {
            await runner.query('SELECT pg_advisory_unlock(727274)');
        }
    }
    finally {
        await runner.release();
    }
}
//# sourceMappingURL=data-source.js.map