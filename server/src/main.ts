import { ConfigError, loadConfig } from './core/config/config';
import { startApp } from './app';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const running = await startApp(config);
  const mode = running.db.mode === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'Postgres';
  console.log(`Tandem ready on ${config.publicUrl} (database: ${mode}; bus: ${config.REDIS_URL ? 'Redis' : 'in-process'})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await running.close().catch((e: unknown) => console.error(e));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((e: unknown) => {
  console.error('Tandem failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
