import type { ReturnTypeFunc } from '@nestjs/graphql';
import type { DataSource, EntityManager } from 'typeorm';
import type { ZodTypeAny } from 'zod';
import type { EventPayloads, IssueFieldsChanged, UserBasic } from '@tandem/shared-types';
import type { MarkdownService, RenderContext } from '../../../core/markdown/markdown.service';
import type { Actor, IssueAbility } from '../../../core/policy/policy';
import type { StatementTx, Tx } from '../../../core/realtime/event-log.service';
import type { LabelService } from '../../label/label.service';
import type { SystemNoteText } from '../../note/system-notes';
import type { Project } from '../../project/project.entity';
import type { ProjectService } from '../../project/project.service';
import type { HydratedIssue, IssueContext } from '../issue-context';
import type { Issue } from '../issue.entity';
import type { IssueUpdateInput } from './issue-input';
import type { FieldQuickActions } from './quick-action';

/** What a field's change needs to know about the request. */
export interface FieldEnv {
  actor: Actor;
  actorBasic: UserBasic;
  markdown: MarkdownService;
  render: RenderContext;
  labels: LabelService;
  publicUrl: string;
  projects: ProjectService;
}

/** SQL's now() for a column set by a field (the transaction's time, as every other timestamp of the write). */
export const NOW = Symbol('now()');

/** A change to columns of the issue row (applied in the write's one UPDATE). */
export interface ColumnChange {
  set: Partial<{ [K in keyof Issue]: Issue[K] | typeof NOW }>;
  /** A change of title or description: stamps last_edited_at/by. */
  edited?: boolean;
  notes: SystemNoteText[];
  /** issue.updated event fields the row alone cannot tell (a moved issue's link, the milestone named). */
  eventFields?: Partial<IssueFieldsChanged>;
  /**
   * The row the new value names (a milestone, an iteration) must still be one the project may
   * use, as planned: `sql` is that condition in the write's WHERE (nothing is written without
   * it); `stale` forgets the planned row when it fails, so the retry reads it again.
   */
  guard?: { sql(param: (value: unknown) => string): string; stale(): void };
  /** The answer's hydration as this change leaves it (the milestone or iteration the issue now shows). */
  hydration?: Partial<HydratedIssue>;
}

/** An event a side-table change emits, built from the issue as the write left it. */
export interface SideEvent<T extends keyof EventPayloads = keyof EventPayloads> {
  type: T;
  payload: (fresh: Issue) => EventPayloads[T];
  /** Payload paths (`{payload,fields,updated_at}`) the statement fills with its now(). */
  timePaths?: string[];
}

/** A change to rows beside the issue (labels, assignees), made in the write's transaction. */
export interface SideChange {
  notes: SystemNoteText[];
  events: SideEvent[];
}

/** An input field of GraphQL's UpdateIssueInput or CreateIssueInput (GitLab's name and type). */
export interface GraphqlInputField {
  name: string;
  type: ReturnTypeFunc;
  /** Non-null unless set, as @nestjs/graphql's Field. */
  nullable?: boolean;
  description?: string;
}

/** A field's part of the GraphQL issue mutations' inputs (issue-input.graphql-types.ts builds them). */
export interface FieldGraphql {
  /** What it adds to UpdateIssueInput. */
  update?: readonly GraphqlInputField[];
  /** What it adds to CreateIssueInput (the field must be taken on create). */
  create?: readonly GraphqlInputField[];
  /**
   * The REST parameters the values sent stand for, then parsed with the field's `params` as
   * REST's are; `sent` holds only this field's input fields that the client gave (null
   * included). May throw a GraphQLError for an input GraphQL refuses as a whole.
   */
  toParams(sent: Readonly<Record<string, unknown>>, mutation: 'update' | 'create'): Record<string, unknown>;
}

/**
 * One issue field: its API parameters (zod), the entry points that take them, who may change
 * it, and what a change does. Every entry point takes its parameters from the registry
 * (fields/index.ts): REST PUT and the page's PUT {issue}.json read `params`; create, bulk
 * update, GraphQL updateIssue/createIssue and quick actions take what the field declares
 * below. server/test/field-entry-points.int.spec.ts walks the registry and proves each
 * entry point takes each field it declares.
 */
export interface IssueField<K extends keyof IssueUpdateInput = keyof IssueUpdateInput> {
  key: K;
  /**
   * REST PUT and page PUT {issue}.json parameters this field reads (snake_case, GitLab's names)
   * and their schemas; none: not an API parameter (an action or a quick action sets it).
   */
  params: Record<string, ZodTypeAny>;
  /** The field's input from the parsed parameters (undefined: not sent). */
  read(params: Record<string, unknown>): IssueUpdateInput[K] | undefined;
  /**
   * Taken on create too (REST POST, GraphQL createIssue, a move's copy, a new issue's quick
   * actions), by anyone who may create the issue ('author') or by reporters and up
   * ('triager', GitLab's issue metadata). Absent: an update sets it, never a create.
   */
  onCreate?: 'author' | 'triager';
  /**
   * The issue list's bulk update takes these of `params` (GitLab's bulk form names); `check`
   * refuses, once and before any issue is written, a value no issue of the project may take.
   */
  bulk?: { params: readonly string[]; check?(value: Present<K>, project: Project, m: DataSource | EntityManager): Promise<void> };
  /** GraphQL updateIssue / createIssue input fields for it. */
  graphql?: FieldGraphql;
  /** The quick actions that set it (`/weight 3`). */
  quickActions?: FieldQuickActions<K>;
  /** The ability this change needs (policy.ts). */
  ability(value: Present<K>, current: Issue): IssueAbility;
  /**
   * A column field whose value names another row (milestone, iteration): that row as the
   * project may use it (a 4xx when it may not), read before planning or known from before
   * (`fresh`: read it now). Passed to plan as `named`; the change's guard re-checks it.
   */
  resolve?(value: Present<K>, ctx: IssueContext, tx: StatementTx, opts: { fresh: boolean }): Promise<unknown>;
  /** A column field: the change against the current row, or null when nothing changes. */
  plan?(value: Present<K>, current: Issue, env: FieldEnv, named?: unknown): ColumnChange | null;
  /** A side-table field: writes in the transaction (the issue row is locked), or null when nothing changes. */
  write?(value: Present<K>, tx: Tx, ctx: IssueContext, env: FieldEnv): Promise<SideChange | null>;
  /**
   * Rows beside the issue that follow a column change (an incident's SLA), written in the same
   * transaction once the row is written; `previous` is null when the issue is new.
   */
  afterWrite?(fresh: Issue, previous: Issue | null, tx: Tx, at: { env: FieldEnv; project: Project }): Promise<void>;
  /** The issue.updated event fields of a column change, from the updated row. */
  event?(fresh: Issue, env: FieldEnv): Partial<IssueFieldsChanged>;
}

/** A field's value when it was sent (null is a value: "remove"). */
type Present<K extends keyof IssueUpdateInput> = Exclude<IssueUpdateInput[K], undefined>;
