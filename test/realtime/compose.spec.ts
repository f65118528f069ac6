import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/harness';

/**
 * docker-compose.yml cannot be run on a machine without a Docker daemon (this one, and CI), so
 * nginx.spec.ts runs its load balancer against local nodes instead. What that test takes from
 * the compose file — every node on one data volume, every node under the name nginx balances
 * over, the node names and port nginx's configuration uses, no demo by default — is read here
 * from the file itself, so the two cannot drift apart unnoticed.
 */
const yaml = createRequire(path.join(ROOT, 'test', 'package.json'))('js-yaml') as { load(text: string): unknown };

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: { default?: { aliases?: string[] } };
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const compose = yaml.load(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as Compose;
const nginxConf = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
const nodes = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

/** The default of a `${NAME:-default}` value, or the value itself. */
const effective = (value: string | undefined) => value?.match(/^\$\{\w+:-(.*)\}$/)?.[1] ?? value;

describe('docker-compose.yml, as deploy/nginx.conf and the nginx test expect it', () => {
  it('runs at least two Tandem nodes built from this repository', () => {
    expect(nodes.length).toBeGreaterThanOrEqual(2);
  });

  it('mounts one named volume at every node\'s DATA_DIR (uploads, metric images, repositories)', () => {
    const mounts = nodes.map(([, s]) => {
      const dataDir = s.environment?.DATA_DIR;
      expect(dataDir, 'DATA_DIR').toBeTruthy();
      const mount = (s.volumes ?? []).find((v) => v.split(':')[1] === dataDir);
      expect(mount, `a volume at ${dataDir}`).toBeTruthy();
      return mount!.split(':')[0];
    });
    expect(new Set(mounts).size).toBe(1);
    expect(Object.keys(compose.volumes)).toContain(mounts[0]);
    // REPOSITORIES_DIR, if set, lies on that volume too
    for (const [, s] of nodes) {
      const repos = s.environment?.REPOSITORIES_DIR;
      if (repos) expect(repos.startsWith(`${s.environment!.DATA_DIR}/`)).toBe(true);
    }
  });

  it('gives every node the name nginx balances over, and the node names nginx sticks polling clients to', () => {
    const balanced = nginxConf.match(/set \$tandem_nodes ([\w-]+):(\d+);/);
    expect(balanced).not.toBeNull();
    for (const [, s] of nodes) expect(s.networks?.default?.aliases ?? []).toContain(balanced![1]);
    // the port nginx uses is the one the nodes listen on (the server's default, or PORT)
    for (const [, s] of nodes) expect(effective(s.environment?.PORT) ?? '3000').toBe(balanced![2]);
    const sticky = [...nginxConf.matchAll(/^\s+(?:\d+%|\*)\s+([\w-]+);/gm)].map((m) => m[1]);
    expect(sticky.length).toBeGreaterThanOrEqual(2);
    for (const name of sticky) expect(nodes.map(([n]) => n)).toContain(name);
  });

  it('seeds no demo unless asked, and takes the first administrator\'s password from the environment', () => {
    for (const [, s] of nodes) {
      expect(effective(s.environment?.SEED_DEMO)).toBe('false');
      expect(s.environment?.TANDEM_ROOT_PASSWORD).toMatch(/^\$\{TANDEM_ROOT_PASSWORD/);
    }
  });

  it('puts nginx:stable in front with this repository\'s deploy/nginx.conf', () => {
    const lb = Object.values(compose.services).find((s) => s.image?.startsWith('nginx:'));
    expect(lb?.image).toBe('nginx:stable');
    expect(lb?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
  });
});
