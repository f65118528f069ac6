"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const config_1 = require("./core/config/config");
const app_1 = require("./app");
async function main() {
    let config;
    try {
        config = (0, config_1.loadConfig)();
    }
    catch (e) {
        if (e instanceof config_1.ConfigError) {
            console.error(e.message);
            process.exit(1);
        }
        throw e;
    }
    const running = await (0, app_1.startApp)(config);
    const mode = running.db.mode === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'Postgres';
    console.log(`Tandem ready on ${config.publicUrl} (database: ${mode}; bus: ${config.REDIS_URL ? 'Redis' : 'in-process'})`);
    let stopping = false;
    const stop = async (signal) => {
        if (stopping)
            return;
        stopping = true;
        console.log(`${signal}: shutting down`);
        const force = setTimeout(() => process.exit(1), 10_000);
        force.unref();
        await running.close().catch((e) => console.error(e));
        process.exit(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
}
main().catch((e) => {
    console.error('Tandem failed to start:', e instanceof Error ? e.message : e);
    process.exit(1);
});
//# sourceMappingURL=main.js.map