import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(__dirname, '../../../modules');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(p);
    return /\.(controller|resolver)\.ts$/.test(e.name) ? [p] : [];
  });
}

/**
 * A handler that needs a signed-in user says so in its signature (`@SignedInActor() actor:
 * Actor`, a 401 before the handler runs) rather than taking `@CurrentActor()` and refusing a
 * null actor as its first statement: one place for the rule instead of a copy per handler.
 */
describe('signed-in handlers', () => {
  it('no controller or resolver takes a nullable actor only to refuse it first thing', () => {
    const offenders: string[] = [];
    for (const file of sources(MODULES)) {
      const text = fs.readFileSync(file, 'utf8');
      // a signature with @CurrentActor() (up to its opening brace), then the refusal as the first statement
      const re = /@CurrentActor\(\) actor: Actor \| null[^;{}]*\)(?:: [^{;]+)? \{\n\s*if \(!actor\) throw new AppError\('UNAUTHORIZED'\);/g;
      for (const m of text.matchAll(re)) offenders.push(`${path.relative(MODULES, file)}:${text.slice(0, m.index).split('\n').length}`);
    }
    expect(offenders).toEqual([]);
  });
});
