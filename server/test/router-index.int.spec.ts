import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type express from 'express';
import { indexRouterLayers, literalPrefix, startsWithFolded } from '../src/core/http/router-index';
import { bootApp, call, castOf, enc, type TestApp } from './harness';

/**
 * The literal-prefix test in front of Express's layers (core/http/router-index.ts) only ever skips
 * a layer that would not have matched: over the app's real route table, every layer answers every
 * request path exactly as router/lib/layer.js's own `match` does (the prototype's, which the index
 * wraps per layer), for paths made from every layer's own path in several spellings.
 */
interface Layer {
  rawPath?: unknown;
  slash?: boolean;
  match(path: string): unknown;
}
const { prototype: LayerProto } = createRequire(require.resolve('express'))('router/lib/layer.js') as { prototype: Layer };

/** Request paths a layer's path stands for: parameters filled, wildcards with slashes, optional groups with and without. */
function samplesOf(raw: string): string[] {
  const fill = (p: string) => p.replace(/:(\w+)/g, 'x1').replace(/\*(\w+)/g, 'a/b%2Fc');
  const withGroups = fill(raw.replace(/[{}]/g, ''));
  const withoutGroups = fill(raw.replace(/\{[^}]*\}/g, ''));
  const out = new Set<string>();
  for (const p of [withGroups, withoutGroups]) {
    out.add(p);
    out.add(p.toUpperCase());
    out.add(`${p}/`);
    out.add(`${p}/more`);
    out.add(p.slice(0, -1));
    out.add(`/x${p}`);
  }
  return [...out];
}

describe('the router index', () => {
  let app: TestApp;
  let stack: Layer[];

  beforeAll(async () => {
    app = await bootApp('pglite');
    stack = (app.running.app.getHttpAdapter().getInstance() as express.Express & { router: { stack: Layer[] } }).router.stack;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is installed on the app: most layers carry the prefix test', () => {
    // The comparison below is against the very prototype the app's layers come from
    expect(stack.every((l) => Object.getPrototypeOf(l) === LayerProto)).toBe(true);
    const indexed = stack.filter((l) => l.match !== LayerProto.match).length;
    expect(stack.length).toBeGreaterThan(200);
    expect(indexed).toBeGreaterThan(stack.length / 2);
    // Layers without a literal start (`/`, a parameter first) keep Express's own match untouched
    expect(indexed).toBeLessThan(stack.length);
  });

  it('every layer answers every path as Express itself does', () => {
    const paths = new Set<string>(['/', '', '/-/readiness', '/API/V4/PROJECTS', '/api/v4/projects/acme%2Ftandem/issues/1/notes', '/acme/tandem/-/issues/1/discussions.json', '/%61pi/v4/projects']);
    for (const l of stack) if (typeof l.rawPath === 'string') for (const p of samplesOf(l.rawPath)) paths.add(p);
    let compared = 0;
    const differ: string[] = [];
    for (const l of stack) {
      for (const p of paths) {
        if (JSON.stringify(l.match(p)) !== JSON.stringify(LayerProto.match.call(l, p))) differ.push(`${String(l.rawPath)} against ${p}`);
        compared++;
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
  });

  it('requests are answered through it (a route registered late, in any case)', async () => {
    const cast = await castOf(app);
    expect((await call(app, 'GET', `/api/v4/projects/${enc('acme/tandem')}/labels`, { auth: cast.alice })).status).toBe(200);
    expect((await call(app, 'GET', `/API/V4/PROJECTS/${enc('acme/tandem')}/LABELS`, { auth: cast.alice })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v4/no-such-route', { auth: cast.alice })).status).toBe(404);
  });

  it('reads the literal start of a path as path-to-regexp does', () => {
    expect(literalPrefix('/api/v4/projects/:id/issues')).toBe('/api/v4/projects/');
    expect(literalPrefix('/API/v4/*path')).toBe('/api/v4/');
    expect(literalPrefix('/groups{/:group}')).toBe('/groups');
    expect(literalPrefix('/users/')).toBe('/users');
    expect(literalPrefix('/a\\:b')).toBe('/a');
    expect(literalPrefix('/')).toBeNull();
    expect(literalPrefix(':id')).toBeNull();
    expect(literalPrefix(/x/)).toBeNull();
    expect(startsWithFolded('/API/V4/x', '/api/v4/')).toBe(true);
    expect(startsWithFolded('/api/v5/x', '/api/v4/')).toBe(false);
    expect(startsWithFolded('/api', '/api/v4/')).toBe(false);
    expect(indexRouterLayers({ stack: [] })).toBe(0);
  });
});
