import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { GitRepository } from './git-repository';
import { RepositoryError } from './git/errors';
import { GIT_BINARY, gitVersion, runGit } from './git/run-git';
import { ZERO_OID } from './git/validate';
import type { CommitIdentity, RefUpdate } from './git/types';
import type { ProjectRepositoryPort } from '../project/project-repository.port';

/**
 * The repository port: the ONE place Tandem's git work goes through (GitLab's Gitaly
 * boundary in small). Nothing outside modules/repository/ spawns git or touches
 * REPOSITORIES_DIR.
 *
 * Layout (docs/decisions.md, "Code hosting"): by project id, as GitLab's hashed storage,
 *   REPOSITORIES_DIR/@hashed/<h[0..2]>/<h[2..4]>/<h>.git   with h = sha256(String(projectId))
 * so renaming a project or its group moves nothing; several nodes share one volume (git's
 * own lock files make concurrent ref updates safe across processes on one filesystem).
 *
 * Refs-changed hook: modules that react to moved refs (merge requests: new commits, merged
 * by push, branch deleted) subscribe with `onRefsChanged(listener)` (call it in their
 * provider's constructor or onModuleInit; it returns an unsubscribe). Listeners are called
 * after the refs moved (a push over HTTP, a branch created or deleted through the API, a
 * merge, a commit written), on the node that moved them, in subscription order; a listener's
 * error is logged and does not reach the pusher. The push route also records a
 * `repository.refs_changed` event through the event writer for open pages.
 */
export interface RefsChangedEvent {
  projectId: number;
  /** The user who pushed or acted; null for system work (seed). */
  actorId: number | null;
  /** What moved: oldSha ZERO_OID = created, newSha ZERO_OID = deleted. */
  updates: RefUpdate[];
  source: 'push' | 'api' | 'merge' | 'commit' | 'seed';
}

export type RefsChangedListener = (event: RefsChangedEvent) => void | Promise<void>;

export interface CreateRepositoryOptions {
  /** A first commit with README.md on the default branch (GitLab's "Initialize repository with a README"). */
  readme?: { projectName: string; description?: string | null; author: CommitIdentity; date?: Date };
  defaultBranch?: string;
}

@Injectable()
export class RepositoryService implements OnModuleInit, ProjectRepositoryPort {
  private readonly log = new Logger('RepositoryService');
  private readonly listeners: RefsChangedListener[] = [];
  readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = config.repositoriesDir;
  }

  /** Says clearly at boot when git is missing (npm start checks before starting; a container may not). */
  async onModuleInit(): Promise<void> {
    const version = await gitVersion();
    if (!version) this.log.error(`git was not found at ${GIT_BINARY}: repositories, clone and push will fail. Install git (apt-get install git) or set GIT_BINARY.`);
  }

  /** The bare repository folder of a project (it may not exist yet). */
  pathFor(projectId: number): string {
    if (!Number.isSafeInteger(projectId) || projectId <= 0) throw new RepositoryError('no_repository', 'Invalid project');
    const h = createHash('sha256').update(String(projectId)).digest('hex');
    return path.join(this.root, '@hashed', h.slice(0, 2), h.slice(2, 4), `${h}.git`);
  }

  exists(projectId: number): boolean {
    return fs.existsSync(path.join(this.pathFor(projectId), 'HEAD'));
  }

  /**
   * Creates the project's bare repository (empty, or with a README commit). Made in a
   * temporary folder and renamed into place, so a crash or a second node never leaves
   * half a repository; an existing repository is left as is (returns false).
   */
  async create(projectId: number, opts: CreateRepositoryOptions = {}): Promise<boolean> {
    const dir = this.pathFor(projectId);
    if (this.exists(projectId)) return false;
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const tmp = `${dir}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      // One process: what git http-backend and reflogs need is given as config when git runs (run-git.ts, git-http-backend.ts)
      await runGit(null, ['init', '--bare', '--quiet', `--initial-branch=${opts.defaultBranch ?? 'main'}`, tmp]);
      if (opts.readme) {
        const repo = new GitRepository(projectId, tmp);
        const text = `# ${opts.readme.projectName}\n\n${opts.readme.description ?? ''}`.trimEnd() + '\n';
        await repo.writeCommit({
          branch: await repo.defaultBranch(),
          message: 'Initial commit',
          author: opts.readme.author,
          date: opts.readme.date,
          actions: [{ action: 'create', path: 'README.md', content: Buffer.from(text) }],
        });
      }
      try {
        fs.renameSync(tmp, dir);
      } catch (e) {
        if (this.exists(projectId)) return false; // another node made it first
        throw e;
      }
      return true;
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  /**
   * The fork's repository: `git clone --bare --local` of the upstream's (docs/decisions.md,
   * "Forks"): objects hard-linked, not shared through alternates, so deleting or gc-ing the
   * upstream never breaks the fork; every branch and tag and HEAD (the default branch) come
   * along. Made in a temporary folder and renamed into place, as `create`. An upstream without
   * a repository yet gives the fork an empty one. Returns false when the fork has one already.
   */
  async fork(sourceProjectId: number, forkProjectId: number): Promise<boolean> {
    if (!this.exists(sourceProjectId)) return this.create(forkProjectId);
    const dir = this.pathFor(forkProjectId);
    if (this.exists(forkProjectId)) return false;
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const tmp = `${dir}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      await runGit(null, ['clone', '--bare', '--local', '--quiet', this.pathFor(sourceProjectId), tmp]);
      // The upstream's folder is no business of the fork's config
      await runGit(tmp, ['remote', 'remove', 'origin']);
      try {
        fs.renameSync(tmp, dir);
      } catch (e) {
        if (this.exists(forkProjectId)) return false;
        throw e;
      }
      return true;
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  /**
   * GitLab's `default_branch`: the branch HEAD names once it has a commit, null for an empty
   * repository (or a project without one yet: nothing is created to answer). One git call.
   */
  async defaultBranch(projectId: number): Promise<string | null> {
    if (!this.exists(projectId)) return null;
    // An unborn HEAD (empty repository) does not verify: exit 1, no output
    const r = await runGit(this.pathFor(projectId), ['rev-parse', '--verify', '--quiet', '--abbrev-ref', 'HEAD'], { okCodes: [1, 128] });
    const name = r.code === 0 ? r.stdout.toString('utf8').trim() : '';
    return name && name !== 'HEAD' ? name : null;
  }

  /** The project's repository, created empty on first use (projects that predate repositories). */
  async open(projectId: number): Promise<GitRepository> {
    if (!this.exists(projectId)) await this.create(projectId);
    return new GitRepository(projectId, this.pathFor(projectId));
  }

  /** Deletes a project's repository (project deletion). Renamed aside first, then removed. */
  async remove(projectId: number): Promise<void> {
    const dir = this.pathFor(projectId);
    if (!fs.existsSync(dir)) return;
    const aside = `${dir}.deleted-${randomBytes(6).toString('hex')}`;
    fs.renameSync(dir, aside);
    await fs.promises.rm(aside, { recursive: true, force: true });
  }

  /** What moved between two `refSnapshot`s (created: old ZERO_OID; deleted: new ZERO_OID). */
  static diffSnapshots(before: Map<string, string>, after: Map<string, string>): RefUpdate[] {
    const updates: RefUpdate[] = [];
    for (const [ref, newSha] of after) if (before.get(ref) !== newSha) updates.push({ ref, oldSha: before.get(ref) ?? ZERO_OID, newSha });
    for (const [ref, oldSha] of before) if (!after.has(ref)) updates.push({ ref, oldSha, newSha: ZERO_OID });
    return updates;
  }

  // ---------- refs-changed hook ----------

  onRefsChanged(listener: RefsChangedListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Tells every listener that refs moved (after they moved). Never throws. */
  async refsChanged(event: RefsChangedEvent): Promise<void> {
    if (!event.updates.length) return;
    for (const l of [...this.listeners]) {
      try {
        await l(event);
      } catch (e) {
        this.log.error(`refs-changed listener failed for project ${event.projectId}: ${(e as Error).message}`);
      }
    }
  }
}
