import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { pageParams } from '../../../core/http/pagination';
import type { Actor } from '../../../core/policy/policy';
import { answerRepo, boolParam, optionalParam, requiredParam, RepositoryAccess } from './repository-access';
import { toApiCommit, toApiDiff } from './repository.mapper';

/** Offset pages without a total (GitLab's commits API sends none either: counting is a walk of history). */
function setPageHeaders(res: Response, page: number, perPage: number, full: boolean): void {
  res.setHeader('X-Page', String(page));
  res.setHeader('X-Per-Page', String(perPage));
  res.setHeader('X-Next-Page', full ? String(page + 1) : '');
  res.setHeader('X-Prev-Page', page > 1 ? String(page - 1) : '');
}

/** GitLab's /projects/:id/repository/commits and /compare. */
@Controller('api/v4/projects/:id/repository')
export class CommitsController {
  constructor(private readonly access: RepositoryAccess) {}

  /**
   * Policy: read_code. `ref_name` (a branch, tag, sha or a range `from..to`; default: the
   * default branch), `path`, `since`, `until`, `first_parent`, page and per_page.
   */
  @Get('commits')
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const { project, repo } = await this.access.open(actor, id);
    const p = pageParams(q);
    const refName = optionalParam(q, 'ref_name');
    const range = refName?.includes('..') ? refName.split(/\.{2,3}/) : null;
    if (range && (range.length !== 2 || !range[0] || !range[1])) throw new AppError('REF_INVALID');
    const since = optionalParam(q, 'since');
    const until = optionalParam(q, 'until');
    for (const [n, v] of [['since', since], ['until', until]] as const)
      if (v !== undefined && Number.isNaN(Date.parse(v))) throw new AppError('BAD_REQUEST', `400 Bad request - ${n} is invalid`);
    const ref = range ? range[1]! : refName;
    if (ref !== undefined && !(await answerRepo(repo.resolve(ref)))) throw new AppError('REF_NOT_FOUND');
    const commits = await answerRepo(
      repo.commits({ ref, from: range?.[0], path: optionalParam(q, 'path'), page: p.page, perPage: p.perPage, since, until, firstParent: boolParam(q.first_parent) }),
      'REF_NOT_FOUND',
    );
    setPageHeaders(res, p.page, p.perPage, commits.length === p.perPage);
    const web = this.access.webUrl(project);
    return commits.map((c) => toApiCommit(c, web));
  }

  /** Policy: read_code. One commit with its stats. */
  @Get('commits/:sha')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('sha') sha: string) {
    const { project, repo } = await this.access.open(actor, id);
    const c = await answerRepo(repo.commit(sha), 'COMMIT_NOT_FOUND');
    if (!c) throw new AppError('COMMIT_NOT_FOUND');
    const diffs = await repo.commitDiff(c.id);
    const additions = diffs.reduce((n, d) => n + d.additions, 0);
    const deletions = diffs.reduce((n, d) => n + d.deletions, 0);
    return { ...toApiCommit(c, this.access.webUrl(project)), stats: { additions, deletions, total: additions + deletions }, status: null, last_pipeline: null, project_id: project.id };
  }

  /** Policy: read_code. The commit's changes against its first parent, paged. */
  @Get('commits/:sha/diff')
  async diff(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('sha') sha: string, @Query() q: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const { repo } = await this.access.open(actor, id);
    const p = pageParams(q);
    const diffs = await answerRepo(repo.commitDiff(sha), 'COMMIT_NOT_FOUND');
    const page = diffs.slice((p.page - 1) * p.perPage, p.page * p.perPage);
    res.setHeader('X-Total', String(diffs.length));
    setPageHeaders(res, p.page, p.perPage, p.page * p.perPage < diffs.length);
    return page.map(toApiDiff);
  }

  /** Policy: read_code. `from`, `to` (required), `straight` (diff from..to instead of from the merge base). */
  @Get('compare')
  async compare(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    const { project, repo } = await this.access.open(actor, id);
    const from = requiredParam(q, 'from');
    const to = requiredParam(q, 'to');
    const c = await answerRepo(repo.compare(from, to, boolParam(q.straight)), 'REF_NOT_FOUND');
    const web = this.access.webUrl(project);
    return {
      commit: c.commit ? toApiCommit(c.commit, web) : null,
      commits: c.commits.map((x) => toApiCommit(x, web)),
      diffs: c.diffs.map(toApiDiff),
      compare_timeout: false,
      compare_same_ref: c.compareSameRef,
      web_url: `${web}/-/compare/${encodeURIComponent(from)}...${encodeURIComponent(to)}`,
    };
  }
}
