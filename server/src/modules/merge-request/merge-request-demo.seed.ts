import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { RepositoryService } from '../repository';
import type { Actor } from '../../core/policy/policy';
import { CreateMergeRequestAction } from './actions/create-merge-request';
import { REVIEW_DEMO } from './diffs/review-demo';

const DEMO_PROJECT = 'acme/tandem';
const author = { name: 'Alice Anderson', email: 'alice@example.com' };

/**
 * Demo data: a merge request on acme/tandem (SEED_DEMO), once, when the project has none. It
 * builds on whatever history the repository has (the repository seed's, or a README commit on
 * an empty one) through the repository port, and opens the merge request as alice.
 */
@Injectable()
export class MergeRequestDemoSeed implements OnApplicationBootstrap {
  private readonly log = new Logger('MergeRequestDemoSeed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repos: RepositoryService,
    private readonly create: CreateMergeRequestAction,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO || !this.config.SEED_DEMO_MERGE_REQUESTS) return;
    const [p] = (await this.ds.query(`SELECT p.id, (SELECT count(*)::int FROM merge_requests m WHERE m.target_project_id = p.id) AS mrs FROM projects p WHERE p.full_path = $1`, [DEMO_PROJECT])) as Array<{ id: number; mrs: number }>;
    const [alice] = (await this.ds.query(`SELECT id FROM users WHERE username = 'alice'`)) as Array<{ id: number }>;
    if (!p || !alice) return;
    const actor = { id: Number(alice.id), username: 'alice', isAdmin: false, scopes: null };
    if (Number(p.mrs) === 0) await this.seedContributingGuide(Number(p.id), actor);
    await this.seedReviewDemo(Number(p.id), actor);
  }

  private async seedContributingGuide(pid: number, actor: Actor): Promise<void> {
    try {
      const repo = await this.repos.open(pid);
      const main = await repo.defaultBranch();
      if (!(await repo.branch(main))) await repo.writeCommit({ branch: main, message: 'Initial commit', author, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Tandem\n\nA real-time collaborative issue tracker.\n') }] });
      if (!(await repo.branch('add-contributing-guide')))
        await repo.writeCommit({ branch: 'add-contributing-guide', startSha: await repo.resolve(main), message: 'Add a contributing guide', author, actions: [{ action: 'create', path: 'CONTRIBUTING.md', content: Buffer.from('# Contributing\n\nOpen an issue first, then a merge request that closes it.\n') }] });
      await this.create.execute(actor, pid, {
        title: 'Add a contributing guide',
        description: 'How to propose a change: an issue first, then a merge request.',
        sourceBranch: 'add-contributing-guide',
        targetBranch: main,
      });
    } catch (e) {
      this.log.warn(`demo merge request not seeded: ${(e as Error).message}`);
    }
  }

  /** The review demo (the Changes tab's viewers): an image, a mode change, a rename, a binary, a deletion, code and a large file; once. */
  private async seedReviewDemo(pid: number, actor: Actor): Promise<void> {
    try {
      const repo = await this.repos.open(pid);
      if (await repo.branch(REVIEW_DEMO.branch)) return;
      const main = await repo.defaultBranch();
      const start = await repo.resolve(main);
      if (!start) return;
      // The base lands on the default branch, so the merge request shows only the change
      const base = await repo.writeCommit({ branch: main, startSha: start, expectedOldSha: start, message: 'Add the logo, tools and notes', author, actions: REVIEW_DEMO.base() });
      const mainSha = base.sha;
      await repo.writeCommit({ branch: REVIEW_DEMO.branch, startSha: mainSha, message: 'Refresh the banner, tidy the tools', author, actions: REVIEW_DEMO.change() });
      await this.create.execute(actor, pid, { title: REVIEW_DEMO.title, description: 'A new banner, an executable build script, a renamed note.', sourceBranch: REVIEW_DEMO.branch, targetBranch: main });
    } catch (e) {
      this.log.warn(`review demo merge request not seeded: ${(e as Error).message}`);
    }
  }
}
