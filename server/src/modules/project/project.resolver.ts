import { Inject } from '@nestjs/common';
import { Args, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { pageWindow, toConnection } from '../../core/graphql/connection';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import { canProject, canReadIssue, type Actor } from '../../core/policy/policy';
import { IssueConnection, IssueSortEnum, IssueType, IssueTypeEnum, toIssueType } from '../issue/issue.graphql-types';
import { IssueFinder, type IssueListFilters } from '../issue/issue.finder';
import { IssueLoader } from '../issue/issue.loader';
import { ProjectIssuesArgs, ProjectPermissionsType, ProjectType, toProjectType } from './project.graphql-types';
import { ProjectService } from './project.service';

const SORTS: Record<IssueSortEnum, Pick<IssueListFilters, 'orderBy' | 'sort'>> = {
  CREATED_DESC: { orderBy: 'created_at', sort: 'desc' },
  CREATED_ASC: { orderBy: 'created_at', sort: 'asc' },
  UPDATED_DESC: { orderBy: 'updated_at', sort: 'desc' },
  UPDATED_ASC: { orderBy: 'updated_at', sort: 'asc' },
  TITLE_ASC: { orderBy: 'title', sort: 'asc' },
  TITLE_DESC: { orderBy: 'title', sort: 'desc' },
};

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** `Query.project` and the project's issues. Resolvers parse, ask the services (and so the policy), map. */
@Resolver(() => ProjectType)
export class ProjectResolver {
  constructor(
    private readonly projects: ProjectService,
    private readonly issueFinder: IssueFinder,
    private readonly issueLoader: IssueLoader,
    private readonly markdown: MarkdownService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_project (null when the actor may not see it, as GitLab). */
  @Query(() => ProjectType, { nullable: true, description: 'Find a project.' })
  async project(@CurrentActor() actor: Actor | null, @Args('fullPath', { type: () => ID }) fullPath: string): Promise<ProjectType | null> {
    try {
      const { project, facts } = await this.projects.findReadable(actor, fullPath);
      return toProjectType(project, facts, this.config.publicUrl);
    } catch (e) {
      if (e instanceof AppError && e.status === 404) return null;
      throw e;
    }
  }

  /** Policy: read_project (answers for the actor). */
  @ResolveField(() => ProjectPermissionsType)
  userPermissions(@CurrentActor() actor: Actor | null, @Parent() p: ProjectType): ProjectPermissionsType {
    return {
      readProject: canProject(actor, 'read_project', p.facts),
      createIssue: canProject(actor, 'create_issue', p.facts),
      adminProject: canProject(actor, 'admin_project', p.facts),
      readConfidentialIssues: canProject(actor, 'read_confidential_issues', p.facts),
    };
  }

  /** Policy: read_issue (null for a confidential issue the actor may not see). */
  @ResolveField(() => IssueType, { nullable: true, description: 'A single issue of the project.' })
  async issue(@CurrentActor() actor: Actor | null, @Parent() p: ProjectType, @Args('iid', { type: () => String, nullable: true }) iid: string | null): Promise<IssueType | null> {
    if (iid === null || iid === undefined) return null;
    const ctx = await this.issueLoader.contextFor(p.entity, p.facts, iid);
    if (!ctx || !canReadIssue(actor, p.facts, ctx.facts)) return null;
    const [h] = await this.issueLoader.hydrate([ctx.issue], new Map([[p.entity.id, p.entity]]), actor);
    return toIssueType(h!, p.facts, this.config.publicUrl, this.markdown);
  }

  /** Policy: read_issue per issue (IssueFinder.list leaves out confidential ones the actor may not read). */
  @ResolveField(() => IssueConnection, { nullable: true, description: 'Issues of the project.' })
  async issues(@CurrentActor() actor: Actor | null, @Parent() p: ProjectType, @Args() args: ProjectIssuesArgs): Promise<IssueConnection> {
    const scope = { project: p.entity, facts: p.facts };
    const filters = this.filtersOf(args);
    const empty = () => toConnection([], pageWindow({ ...args, last: null }).offset, 0) as IssueConnection;
    if (args.state === 'locked') return empty();
    const usernames = [...new Set([...(args.assigneeUsernames ?? []), ...(args.assigneeUsername ? [args.assigneeUsername] : [])])];
    // Issues assigned to all of them, as GitLab
    if (usernames.length) filters.assigneeUsernames = usernames;
    if (filters.iids && !filters.iids.length) return empty();
    // `last` without `before` counts from the end: learn the total first
    const needsTotal = args.last != null && args.first == null && !args.before;
    const { offset, limit } = pageWindow(args, needsTotal ? (await this.issueFinder.list(actor, { ...filters, page: 1, perPage: 1 }, scope)).total : undefined);
    let page: { issues: Awaited<ReturnType<IssueFinder['list']>>['issues']; total: number };
    if (limit === 0) {
      const r = await this.issueFinder.list(actor, { ...filters, page: 1, perPage: 1 }, scope);
      page = { issues: [], total: r.total };
    } else if (offset % limit === 0) {
      page = await this.issueFinder.list(actor, { ...filters, page: offset / limit + 1, perPage: limit }, scope);
    } else {
      // A cursor off the page grid (first changed between requests): read up to it and cut.
      const r = await this.issueFinder.list(actor, { ...filters, page: 1, perPage: offset + limit }, scope);
      page = { issues: r.issues.slice(offset), total: r.total };
    }
    const hydrated = await this.issueLoader.hydrate(page.issues, new Map([[p.entity.id, p.entity]]), actor);
    const nodes = hydrated.map((h) => toIssueType(h, p.facts, this.config.publicUrl, this.markdown));
    return toConnection(nodes, offset, page.total) as IssueConnection;
  }

  private filtersOf(args: ProjectIssuesArgs): IssueListFilters {
    const iidList = [...(args.iids ?? []), ...(args.iid ? [args.iid] : [])];
    if (!iidList.every((s) => /^\d{1,10}$/.test(s))) throw badInput('iids must be a list of issue IIDs, for example ["1", "2"]');
    let issueType: string | undefined;
    if (args.types?.length) {
      const ours = new Set(args.types);
      const all = Object.values(IssueTypeEnum);
      if (ours.size === 1) issueType = [...ours][0];
      else if (!all.every((t) => ours.has(t))) throw badInput('types accepts one type, or all of them');
    }
    let assigneeId: IssueListFilters['assigneeId'];
    if (args.assigneeId) {
      const a = args.assigneeId.toUpperCase();
      if (a === 'NONE') assigneeId = 'None';
      else if (a === 'ANY') assigneeId = 'Any';
      else {
        const m = /^(?:gid:\/\/(?:tandem|gitlab)\/User\/)?(\d{1,10})$/.exec(args.assigneeId);
        if (!m) throw badInput('assigneeId must be a user ID, NONE or ANY');
        assigneeId = Number(m[1]);
      }
    }
    const sort = SORTS[args.sort ?? IssueSortEnum.CREATED_DESC];
    return {
      page: 1,
      perPage: 20,
      state: args.state === 'opened' || args.state === 'closed' ? args.state : 'all',
      search: args.search?.trim() || undefined,
      labels: args.labelName?.filter((l): l is string => typeof l === 'string' && l !== '') || undefined,
      assigneeId,
      authorUsername: args.authorUsername || undefined,
      iids: iidList.length ? iidList.map(Number) : undefined,
      confidential: args.confidential ?? undefined,
      issueType,
      ...sort,
    };
  }
}
