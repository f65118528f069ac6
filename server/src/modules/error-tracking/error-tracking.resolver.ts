import { Args, Field, ID, Int, ObjectType, Parent, ResolveField, Resolver, registerEnumType } from '@nestjs/graphql';
import { ERROR_TRACKING, type ErrorStatus, type StackTraceResponse } from '@tandem/shared-types';
import { TimeScalar } from '../../core/graphql/scalars';
import { PageInfo } from '../../core/graphql/connection';
import { parseGlobalId, toGlobalId } from '../../core/graphql/global-id';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canProject, type Actor } from '../../core/policy/policy';
import { ProjectType } from '../project/project.graphql-types';
import type { ErrorRow } from './error-tracking.store';
import { ErrorTrackingService, type ProjectAccess } from './error-tracking.service';
import { toApiSentryError } from './error-tracking.mapper';
import { parseListParams } from './error-tracking.validation';

enum SentryErrorStatus {
  RESOLVED = 'resolved',
  UNRESOLVED = 'unresolved',
  IGNORED = 'ignored',
}
registerEnumType(SentryErrorStatus, { name: 'SentryErrorStatus', description: 'State of a Sentry error' });

const GID_TYPE = 'Gitlab::ErrorTracking::DetailedError';

@ObjectType('SentryError')
export class SentryErrorType {
  @Field(() => ID) id!: string;
  @Field() sentryId!: string;
  @Field() title!: string;
  @Field() type!: string;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => String, { nullable: true }) culprit!: string | null;
  @Field(() => Int) count!: number;
  @Field(() => Int) userCount!: number;
  @Field(() => TimeScalar) firstSeen!: string;
  @Field(() => TimeScalar) lastSeen!: string;
  @Field(() => SentryErrorStatus) status!: ErrorStatus;
  @Field() shortId!: string;
  @Field() externalUrl!: string;
  @Field(() => String, { nullable: true }) lastReleaseVersion!: string | null;
  @Field(() => String, { nullable: true }) environment!: string | null;
  @Field(() => String, { nullable: true }) gitlabIssuePath!: string | null;
}

@ObjectType('SentryErrorStackTraceContext')
class StackTraceContextType {
  @Field(() => Int) line!: number;
  @Field() code!: string;
}

@ObjectType('SentryErrorStackTraceEntry')
class StackTraceEntryType {
  @Field(() => String, { nullable: true }) function!: string | null;
  @Field(() => String, { nullable: true }) fileName!: string | null;
  @Field(() => Int, { nullable: true }) line!: number | null;
  @Field(() => Int, { nullable: true }) col!: number | null;
  @Field(() => [StackTraceContextType]) traceContext!: StackTraceContextType[];
}

@ObjectType('SentryErrorStackTrace')
class StackTraceType {
  @Field() issueId!: string;
  @Field(() => [StackTraceEntryType]) stackTraceEntries!: StackTraceEntryType[];
}

@ObjectType('SentryErrorConnection')
class SentryErrorConnection {
  @Field(() => [SentryErrorType]) nodes!: SentryErrorType[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

/** `Project.sentryErrors` (GitLab's SentryErrorCollection): the list, one error, its stack trace. */
@ObjectType('SentryErrorCollection')
export class SentryErrorCollection {
  @Field(() => String, { nullable: true }) externalUrl!: string | null;
  access!: ProjectAccess;
}

@Resolver(() => ProjectType)
export class ProjectSentryErrorsResolver {
  /** Policy: read_error_tracking; null for those who may not. */
  @ResolveField(() => SentryErrorCollection, { nullable: true })
  sentryErrors(@CurrentActor() actor: Actor | null, @Parent() p: ProjectType): SentryErrorCollection | null {
    if (!canProject(actor, 'read_error_tracking', p.facts)) return null;
    return { externalUrl: null, access: { project: p.entity, facts: p.facts } };
  }
}

@Resolver(() => SentryErrorCollection)
export class ErrorTrackingResolver {
  constructor(private readonly service: ErrorTrackingService) {}

  private toType(e: ErrorRow, c: SentryErrorCollection): SentryErrorType {
    const a = toApiSentryError(e, c.access.project.fullPath, this.service.config.publicUrl);
    return {
      id: toGlobalId(GID_TYPE, e.id),
      sentryId: String(e.id),
      title: a.title,
      type: a.type,
      message: a.message,
      culprit: a.culprit,
      count: a.count,
      userCount: a.user_count,
      firstSeen: a.first_seen,
      lastSeen: a.last_seen,
      status: a.status,
      shortId: a.short_id,
      externalUrl: a.external_url,
      lastReleaseVersion: a.release,
      environment: a.environment,
      gitlabIssuePath: a.gitlab_issue,
    };
  }

  /** Policy: read_error_tracking (checked on Project.sentryErrors). searchTerm, sort (last_seen, first_seen, frequency), status; `first` at most 100. */
  @ResolveField(() => SentryErrorConnection)
  async errors(
    @Parent() c: SentryErrorCollection,
    @Args('searchTerm', { type: () => String, nullable: true }) searchTerm: string | null,
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @Args('status', { type: () => SentryErrorStatus, nullable: true }) status: ErrorStatus | null,
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): Promise<SentryErrorConnection> {
    const q = parseListParams({ search_term: searchTerm ?? undefined, sort: sort ?? undefined, issue_status: status ?? undefined, cursor: after ?? undefined });
    const limit = Math.min(Math.max(first ?? ERROR_TRACKING.pageSize, 1), 100);
    const page = await this.service.list(c.access, q, limit);
    const pageInfo = { hasNextPage: page.pagination.next !== null, hasPreviousPage: page.pagination.previous !== null, endCursor: page.pagination.next?.cursor ?? null, startCursor: page.pagination.previous?.cursor ?? null };
    return { nodes: page.rows.map((e) => this.toType(e, c)), pageInfo };
  }

  /** Policy: read_error_tracking (checked on Project.sentryErrors). null when the id names no error of the project. */
  @ResolveField(() => SentryErrorType, { nullable: true })
  async detailedError(@Parent() c: SentryErrorCollection, @Args('id', { type: () => ID }) id: string): Promise<SentryErrorType | null> {
    const e = await this.load(c, id);
    return e ? this.toType(e, c) : null;
  }

  /** Policy: read_error_tracking (checked on Project.sentryErrors). The newest event's frames, newest call first. */
  @ResolveField(() => StackTraceType, { nullable: true })
  async errorStackTrace(@Parent() c: SentryErrorCollection, @Args('id', { type: () => ID }) id: string): Promise<StackTraceType | null> {
    const e = await this.load(c, id);
    if (!e) return null;
    const st: StackTraceResponse = await this.service.stackTrace(c.access, e);
    return {
      issueId: String(e.id),
      stackTraceEntries: st.error.stack_trace_entries.map((s) => ({ function: s.function, fileName: s.filename, line: s.lineNo, col: s.colNo, traceContext: s.context.map(([line, code]) => ({ line, code })) })),
    };
  }

  private async load(c: SentryErrorCollection, id: string): Promise<ErrorRow | null> {
    const n = /^\d+$/.test(id) ? Number(id) : parseGlobalId(id, [GID_TYPE]);
    if (!n || !Number.isSafeInteger(n)) return null;
    return this.service.find(c.access, n).catch(() => null);
  }
}
