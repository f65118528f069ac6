import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ALL_ABILITIES } from '../src/core/policy/policy';

/**
 * Every REST route, GraphQL resolver and socket handler must declare its permission with a
 * `Policy:` doc comment naming a policy ability (or saying it is public / needs none), so a
 * handler added without a guard shows up here, in review. Source is read with the TypeScript
 * parser, not run, so the list is complete even for modules the app does not load yet.
 */
const SRC = path.resolve(__dirname, '../src');
const PROTOCOL = path.resolve(__dirname, '../../shared-types/src/realtime/protocol.ts');
const HTTP_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Head', 'Options']);
const GRAPHQL_DECORATORS = new Set(['Query', 'Mutation', 'Subscription', 'ResolveField']);
/** Words that declare a deliberate "no permission needed" besides the abilities. */
const NO_GUARD_WORDS = ['public', 'none', 'signed-in', 'own', 'authenticated', 'anyone'];

interface Handler {
  kind: 'rest' | 'graphql' | 'socket';
  name: string;
  file: string;
  policy: string | null;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : walk(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [p] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

function decoratorsOf(node: ts.Node): Array<{ name: string; args: ts.NodeArray<ts.Expression> | [] }> {
  const ds = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  return ds.map((d) => {
    const e = d.expression;
    if (ts.isCallExpression(e)) return { name: e.expression.getText(), args: e.arguments };
    return { name: e.getText(), args: [] };
  });
}

/** The `Policy: ...` text in the comments just above a node (JSDoc or line comments). */
function policyOf(node: ts.Node, sf: ts.SourceFile): string | null {
  const text = sf.getFullText();
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  for (const r of ranges.reverse()) {
    const m = /Policy:\s*([^\n*]+(?:\n\s*\*?\s*[^\n*@][^\n*]*)*)/.exec(text.slice(r.pos, r.end));
    if (m) return m[1]!.replace(/\s*\*\s*/g, ' ').trim();
  }
  return null;
}

const stringArg = (args: ts.NodeArray<ts.Expression> | []) => {
  const a = args[0];
  if (!a) return '';
  if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)) return a.text;
  if (ts.isArrayLiteralExpression(a)) return a.elements.map((x) => (ts.isStringLiteral(x) ? x.text : x.getText())).join('|');
  return a.getText();
};

function clientEvents(): string[] {
  const sf = parse(PROTOCOL);
  const names: string[] = [];
  sf.forEachChild((n) => {
    if (ts.isInterfaceDeclaration(n) && n.name.text === 'ClientToServerEvents')
      for (const m of n.members) if (m.name) names.push(m.name.getText(sf));
  });
  return names;
}

/**
 * The noteable descriptors (`const X: NoteableKind = { rest: '...', ... }`): a route of a
 * controller factory written with `kind.<field>` is listed once per noteable type, by its path.
 */
function noteableKinds(files: string[]): Array<Record<string, string>> {
  const kinds: Array<Record<string, string>> = [];
  for (const file of files) {
    const visit = (n: ts.Node): void => {
      if (ts.isVariableDeclaration(n) && n.type?.getText() === 'NoteableKind' && n.initializer && ts.isObjectLiteralExpression(n.initializer)) {
        const kind: Record<string, string> = {};
        for (const p of n.initializer.properties) if (ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer)) kind[p.name.getText()] = p.initializer.text;
        kinds.push(kind);
      }
      ts.forEachChild(n, visit);
    };
    visit(parse(file));
  }
  return kinds;
}

/** A route argument's text with `kind.<field>` (also inside a template) replaced from `kind`. */
function routeOf(args: ts.NodeArray<ts.Expression> | [], kind: Record<string, string>): string {
  const a = args[0];
  const field = (e: ts.Expression) => (ts.isPropertyAccessExpression(e) && e.expression.getText() === 'kind' ? kind[e.name.text] : undefined);
  if (a && field(a) !== undefined) return field(a)!;
  if (a && ts.isTemplateExpression(a) && a.templateSpans.every((s) => field(s.expression) !== undefined))
    return a.head.text + a.templateSpans.map((s) => field(s.expression)! + s.literal.text).join('');
  return stringArg(args);
}

const usesKind = (args: ts.NodeArray<ts.Expression> | []) => /\bkind\./.test(args[0]?.getText() ?? '');

function collect(): Handler[] {
  const out: Handler[] = [];
  const socketEvents = new Set(clientEvents());
  const files = walk(SRC);
  const kinds = noteableKinds(files);
  for (const file of files) {
    const sf = parse(file);
    const rel = path.relative(SRC, file);
    const visitClass = (cls: ts.ClassDeclaration) => {
      const classDecs = decoratorsOf(cls);
      const controller = classDecs.find((d) => d.name === 'Controller');
      const classPolicy = policyOf(cls, sf);
      const methodPolicies = new Map<string, string | null>();
      for (const member of cls.members) {
        if (!ts.isMethodDeclaration(member) || !member.name) continue;
        const name = member.name.getText(sf);
        const policy = policyOf(member, sf);
        methodPolicies.set(name, policy);
        for (const d of decoratorsOf(member)) {
          if (controller && HTTP_DECORATORS.has(d.name)) {
            const perKind = usesKind(controller.args) || usesKind(d.args) ? kinds : [{}];
            for (const kind of perKind) {
              const route = [routeOf(controller.args, kind), routeOf(d.args, kind)].filter(Boolean).join('/');
              out.push({ kind: 'rest', name: `${d.name.toUpperCase()} /${route}`, file: rel, policy: policy ?? classPolicy });
            }
          }
          if (GRAPHQL_DECORATORS.has(d.name)) {
            const owner = d.name === 'ResolveField' ? (stringArg(classDecs.find((c) => c.name === 'Resolver')?.args ?? []).replace(/^\(\)\s*=>\s*/, '') || cls.name?.text) : d.name;
            out.push({ kind: 'graphql', name: `${owner}.${name}`, file: rel, policy: policy ?? classPolicy });
          }
          if (d.name === 'SubscribeMessage') out.push({ kind: 'socket', name: stringArg(d.args), file: rel, policy: policy ?? classPolicy });
        }
      }
      // Socket.IO handlers registered by hand: socket.on('<client event>', ...)
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'on') {
          const event = stringArg(n.arguments);
          if (socketEvents.has(event)) {
            let stmt: ts.Node = n;
            while (stmt.parent && !ts.isExpressionStatement(stmt) && !ts.isBlock(stmt.parent)) stmt = stmt.parent;
            let policy = policyOf(stmt, sf);
            // or the method the handler delegates to: socket.on('x', (...) => this.onX(...))
            const callee = /this\.(\w+)\(/.exec(n.arguments[1]?.getText(sf) ?? '')?.[1];
            if (!policy && callee) policy = methodPolicies.get(callee) ?? null;
            out.push({ kind: 'socket', name: event, file: rel, policy });
          }
        }
        ts.forEachChild(n, visit);
      };
      for (const member of cls.members) visit(member);
    };
    // Nested too: a controller factory (member.controller.ts, noteableControllersFor) declares its class in a function
    const visitAll = (n: ts.Node): void => {
      if (ts.isClassDeclaration(n)) visitClass(n);
      ts.forEachChild(n, visitAll);
    };
    visitAll(sf);
  }
  return out;
}

const HANDLERS = collect();

function declaresPermission(policy: string): boolean {
  const p = policy.toLowerCase();
  return ALL_ABILITIES.some((a) => p.includes(a)) || NO_GUARD_WORDS.some((w) => new RegExp(`\\b${w}\\b`).test(p));
}

describe('policy coverage', () => {
  it('finds the handlers (the scanner is not blind)', () => {
    const names = HANDLERS.map((h) => `${h.kind} ${h.name}`);
    for (const expected of [
      'rest GET /api/v4/projects/:id/issues',
      'rest PUT /api/v4/projects/:id/issues/:iid',
      'rest DELETE /api/v4/projects/:id/issues/:iid',
      'rest ALL /*project/-/issues/:iid.json',
      'rest POST /users/sign_in',
      // noteableControllersFor's routes, once per noteable type
      'rest GET /api/v4/projects/:id/issues/:iid/notes',
      'rest POST /api/v4/groups/:id/epics/:epicIid/discussions/:discussionId/notes',
      'rest POST /*project/notes',
      'rest POST /groups/*group/-/epics/:iid/notes/:noteId/toggle_award_emoji',
      'rest DELETE /groups/*group/-/epics/:iid/descriptions/:versionId',
      'graphql Query.project',
      'graphql Mutation.updateIssue',
      'graphql IssueType.userPermissions',
    ])
      expect(names).toContain(expected);
    for (const event of clientEvents()) expect(names).toContain(`socket ${event}`);
  });

  it.each(HANDLERS.map((h) => [`${h.kind} ${h.name} (${h.file})`, h] as const))('%s declares its permission', (_label, h) => {
    expect(h.policy, `add a "/** Policy: <ability from core/policy/policy.ts, or public/none> */" comment to ${h.name} in src/${h.file}`).toBeTruthy();
    expect(declaresPermission(h.policy!), `"Policy: ${h.policy}" names no ability (${ALL_ABILITIES.join(', ')}) nor ${NO_GUARD_WORDS.join('/')}`).toBe(true);
  });
});
