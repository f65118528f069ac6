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

/**
 * One issue field: its API parameters (zod), who may change it, and what a change does.
 * UpdateIssueAction loops over the registry (fields/index.ts); a new field is one file here
 * plus its widget in the client.
 */
export interface IssueField<K extends keyof IssueUpdateInput = keyof IssueUpdateInput> {
  key: K;
  /** REST/page parameters this field reads (snake_case, GitLab's names) and their schemas. */
  params: Record<string, ZodTypeAny>;
  /** The field's input from the parsed parameters (undefined: not sent). */
  read(params: Record<string, unknown>): IssueUpdateInput[K] | undefined;
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
