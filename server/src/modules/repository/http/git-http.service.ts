import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { canProject, type Actor, type ProjectFacts } from '../../../core/policy/policy';
import { ThrottleService } from '../../../core/throttle/throttle.service';
import { AuthService } from '../../auth/auth.service';
import { CredentialResolver } from '../../auth/credential-resolver';
import { OAUTH_PREFIX, PAT_PREFIX } from '../../auth/tokens';
import type { Project } from '../../project/project.entity';
import { ProjectService } from '../../project/project.service';
import { RepositoryService } from '../repository.service';
import { installHooks, runHttpBackend, type GitService } from './git-http-backend';
import { RepositoryPushEvents } from './push-events';

/** `/<group>/<project>.git/<service>`: the smart-HTTP routes (clone, fetch, push). */
const ROUTE = /^\/(.+?)\.git\/(info\/refs|git-upload-pack|git-receive-pack)$/;

export const GIT_TEXTS = {
  accessDenied: 'HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you\'re required to use a token instead of a password.',
  notFound: "The project you were looking for could not be found or you don't have permission to view it.",
  pushDenied: 'You are not allowed to push code to this project.',
  readDenied: 'You are not allowed to download code from this project.',
} as const;

type Credentials = { login: string; secret: string } | null;

/**
 * Git over smart HTTP (clone, fetch, push) behind Tandem's own authentication and policy,
 * answered ahead of Express's body parsers and the CSRF check (app.ts mounts `handle` first).
 * Basic credentials: a username with a personal access token (or OAuth token, user `oauth2`)
 * or the account password (throttled like sign-in). Who may fetch (read_code) and push
 * (push_code) is decided here before git runs; which refs a push may move (the protected
 * default branch: push_protected_branch) is told to the pre-receive hook.
 */
@Injectable()
export class GitHttpService {
  private readonly log = new Logger('GitHttp');
  private hooksDir: string | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repos: RepositoryService,
    private readonly projects: ProjectService,
    private readonly credentials: CredentialResolver,
    private readonly auth: AuthService,
    private readonly throttle: ThrottleService,
    private readonly pushEvents: RepositoryPushEvents,
  ) {}

  /** Is this request for git? (then `handle` answers it, and nothing else may). */
  matches(req: IncomingMessage): boolean {
    return ROUTE.test((req.url ?? '').split('?')[0]!);
  }

  /**
   * Policy: read_code (info/refs for upload-pack, git-upload-pack); push_code (info/refs for
   * receive-pack, git-receive-pack); push_protected_branch (the default branch, in the hook).
   */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const [pathname, query = ''] = (req.url ?? '').split('?');
    const m = ROUTE.exec(pathname!)!;
    const fullPath = decodeURIComponent(m[1]!);
    const route = m[2] as GitService;
    const service = route === 'info/refs' ? new URLSearchParams(query).get('service') : route;
    if (service !== 'git-upload-pack' && service !== 'git-receive-pack') return text(res, 403, 'Only the smart HTTP protocol is served.');
    const wantMethod = route === 'info/refs' ? 'GET' : 'POST';
    if (req.method !== wantMethod) return text(res, 405, 'Method Not Allowed');
    const push = service === 'git-receive-pack';

    const actor = await this.authenticate(req);
    if (actor === 'invalid') return challenge(res);
    // A project is named by its full path (group/project), never by a numeric id here
    const project = fullPath.includes('/') ? await this.projects.findByIdOrPath(fullPath) : null;
    const facts: ProjectFacts | null = project ? await this.projects.facts(actor, project) : null;
    if (!project || !facts || !canProject(actor, 'read_project', facts)) return actor ? text(res, 404, GIT_TEXTS.notFound) : challenge(res);
    if (!canProject(actor, 'read_code', facts)) return actor ? text(res, 403, GIT_TEXTS.readDenied) : challenge(res);
    if (push && !canProject(actor, 'push_code', facts)) return actor ? text(res, 403, GIT_TEXTS.pushDenied) : challenge(res);

    const repo = await this.repos.open(project.id);
    const before = push && route !== 'info/refs' ? await repo.refSnapshot() : null;
    this.hooksDir ??= installHooks(this.repos.root);
    const code = await runHttpBackend({
      req,
      res,
      root: this.repos.root,
      relativeRepo: path.relative(this.repos.root, repo.gitDir),
      service: route,
      hooksDir: this.hooksDir,
      remoteUser: actor?.username ?? null,
      // only a push needs it (one git process fewer on every fetch)
      protectedRef: push ? `refs/heads/${await repo.defaultBranch()}` : '',
      mayPushProtected: canProject(actor, 'push_protected_branch', facts),
      maxPushBytes: Math.round(this.config.GIT_MAX_PUSH_SIZE_MB * 1024 * 1024),
    });
    if (code !== 0) this.log.warn(`git http-backend ${route} for ${project.fullPath} exited ${code}`);
    if (before) await this.afterPush(project, actor, before);
  }

  /** What moved during the push: recorded and announced after the refs moved. */
  private async afterPush(project: Project, actor: Actor | null, before: Map<string, string>): Promise<void> {
    try {
      const repo = await this.repos.open(project.id);
      const updates = RepositoryService.diffSnapshots(before, await repo.refSnapshot());
      if (!updates.length) return;
      await this.pushEvents.record(project, actor, updates);
      await this.repos.refsChanged({ projectId: project.id, actorId: actor?.id ?? null, updates, source: 'push' });
    } catch (e) {
      this.log.error(`after push to ${project.fullPath}: ${(e as Error).message}`);
    }
  }

  /** null: anonymous; 'invalid': credentials given that do not authenticate (git asks again). */
  private async authenticate(req: IncomingMessage): Promise<Actor | null | 'invalid'> {
    const c = basicCredentials(req.headers.authorization);
    if (c === undefined) return 'invalid';
    if (c === null) return null;
    if (c.secret.startsWith(PAT_PREFIX) || c.secret.startsWith(OAUTH_PREFIX)) {
      const r = await this.credentials.resolve({ token: c.secret });
      if (r === 'invalid_token' || !r.actor) return 'invalid';
      // A token works with its owner's username (or `oauth2`, as GitLab takes OAuth tokens)
      const owner = r.actor.username.toLowerCase() === c.login.toLowerCase();
      return owner || (c.login === 'oauth2' && c.secret.startsWith(OAUTH_PREFIX)) ? r.actor : 'invalid';
    }
    const ip = req.socket.remoteAddress ?? 'unknown';
    const account = await this.auth.findLoginAccount(c.login);
    const subject = account ? { accountId: account.id } : { login: c.login };
    try {
      await this.throttle.assertSignInAllowed(subject, ip);
      const user = await this.auth.checkPassword(account, c.secret);
      await this.throttle.clearFailedSignIns(subject);
      return { id: user.id, username: user.username, isAdmin: user.isAdmin, scopes: null };
    } catch (e) {
      if (e instanceof AppError && e.code === 'INVALID_CREDENTIALS') await this.throttle.recordFailedSignIn(subject, ip);
      return 'invalid';
    }
  }
}

/** undefined: a malformed Authorization header; null: none. */
export function basicCredentials(header: string | undefined): Credentials | undefined {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return undefined;
  return { login: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(`${body}\n`);
}

/** 401 with the challenge git answers by asking for (or reading stored) credentials. */
function challenge(res: ServerResponse): void {
  res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Basic realm="Tandem"' });
  res.end(`${GIT_TEXTS.accessDenied}\n`);
}
