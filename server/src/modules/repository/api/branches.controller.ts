import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../../core/http/pagination';
import type { Actor } from '../../../core/policy/policy';
import { ZERO_OID } from '../git/validate';
import { RepositoryPushEvents } from '../http/push-events';
import { answerRepo, optionalParam, RepositoryAccess } from './repository-access';
import { toApiBranch, toApiTag } from './repository.mapper';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** GitLab's /projects/:id/repository/branches and /tags. */
@Controller('api/v4/projects/:id/repository')
export class BranchesController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly pushEvents: RepositoryPushEvents,
  ) {}

  /** Policy: read_code. `search`: substring, `^prefix`, `suffix$`. */
  @Get('branches')
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { project, facts, repo } = await this.access.open(actor, id);
    const p = pageParams(q);
    const all = await answerRepo(repo.branches(optionalParam(q, 'search')));
    setPaginationHeaders(req, res, this.access.webUrl(project), p, all.length);
    const web = this.access.webUrl(project);
    return all.slice((p.page - 1) * p.perPage, p.page * p.perPage).map((b) => toApiBranch(b, web, this.access.can(actor, b.isDefault ? 'push_protected_branch' : 'push_code', facts)));
  }

  /** Policy: read_code. */
  @Get('branches/:branch')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('branch') name: string) {
    const { project, facts, repo } = await this.access.open(actor, id);
    const b = await answerRepo(repo.branch(name), 'BRANCH_NOT_FOUND');
    if (!b) throw new AppError('BRANCH_NOT_FOUND');
    return toApiBranch(b, this.access.webUrl(project), this.access.can(actor, b.isDefault ? 'push_protected_branch' : 'push_code', facts));
  }

  /** Policy: push_code. `branch` (git's rules: check-ref-format) from `ref` (branch, tag or sha), in the query or the body. */
  @Post('branches')
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Query() q: Record<string, unknown>, @Body() body: Record<string, unknown> | undefined) {
    const { project, facts, repo } = await this.access.open(actor, id, 'push_code');
    const name = str(q.branch) ?? str(body?.branch);
    const ref = str(q.ref) ?? str(body?.ref);
    if (!name) throw new AppError('BAD_REQUEST', '400 Bad request - branch is missing');
    if (!ref) throw new AppError('BAD_REQUEST', '400 Bad request - ref is missing');
    await answerRepo(repo.checkBranchName(name));
    if (await repo.branch(name)) throw new AppError('BRANCH_EXISTS');
    const sha = await answerRepo(repo.resolve(ref), 'REF_NOT_FOUND');
    if (!sha) throw new AppError('BAD_REQUEST', 'Invalid reference name: ' + ref);
    await answerRepo(repo.createBranch(name, sha));
    const updates = [{ ref: `refs/heads/${name}`, oldSha: ZERO_OID, newSha: sha }];
    await this.pushEvents.record(project, actor, updates);
    await this.access.repos.refsChanged({ projectId: project.id, actorId: actor.id, updates, source: 'api' });
    const b = (await repo.branch(name))!;
    return toApiBranch(b, this.access.webUrl(project), this.access.can(actor, 'push_code', facts));
  }

  /** Policy: push_code (the default branch is never deleted: 405). */
  @Delete('branches/:branch')
  @HttpCode(204)
  async destroy(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('branch') name: string): Promise<void> {
    const { project, repo } = await this.access.open(actor, id, 'push_code');
    const b = await answerRepo(repo.branch(name), 'BRANCH_NOT_FOUND');
    if (!b) throw new AppError('BRANCH_NOT_FOUND');
    if (b.isDefault) throw new AppError('DEFAULT_BRANCH_DELETE');
    const oldSha = await answerRepo(repo.deleteBranch(name, b.commit.id), 'BRANCH_NOT_FOUND');
    const updates = [{ ref: `refs/heads/${name}`, oldSha, newSha: ZERO_OID }];
    await this.pushEvents.record(project, actor, updates);
    await this.access.repos.refsChanged({ projectId: project.id, actorId: actor.id, updates, source: 'api' });
  }

  /** Policy: read_code. */
  @Get('tags')
  async tags(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { project, repo } = await this.access.open(actor, id);
    const p = pageParams(q);
    // GitLab lists tags newest first by default (order_by=updated, sort=desc)
    const all = (await answerRepo(repo.tags(optionalParam(q, 'search')))).sort((a, b) => (a.commit.committer.date < b.commit.committer.date ? 1 : -1));
    setPaginationHeaders(req, res, this.access.webUrl(project), p, all.length);
    const web = this.access.webUrl(project);
    return all.slice((p.page - 1) * p.perPage, p.page * p.perPage).map((t) => toApiTag(t, web));
  }

  /** Policy: read_code. */
  @Get('tags/:tag')
  async tag(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('tag') name: string) {
    const { project, repo } = await this.access.open(actor, id);
    const t = await answerRepo(repo.tag(name), 'TAG_NOT_FOUND');
    if (!t) throw new AppError('TAG_NOT_FOUND');
    return toApiTag(t, this.access.webUrl(project));
  }
}
