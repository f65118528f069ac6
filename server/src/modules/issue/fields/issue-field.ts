import type { ZodTypeAny } from 'zod';
import type { EventPayloads, IssueFieldsChanged, UserBasic } from '@tandem/shared-types';
import type { MarkdownService, RenderContext } from '../../../core/markdown/markdown.service';
import type { Actor, IssueAbility } from '../../../core/policy/policy';
import type { Tx } from '../../../core/realtime/event-log.service';
import type { LabelService } from '../../label/label.service';
import type { SystemNoteText } from '../../note/system-notes';
import type { ProjectService } from '../../project/project.service';
import type { IssueContext } from '../issue-context';
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
  /** issue.updated event fields the row alone cannot tell (a moved issue's link). */
  eventFields?: Partial<IssueFieldsChanged>;
}

/** An event a side-table change emits, built from the issue as the write left it. */
export interface SideEvent<T extends keyof EventPayloads = keyof EventPayloads> {
  type: T;
  payload: (fresh: Issue) => EventPayloads[T];
  /** Payload paths (`{payload,fields,updated_at}`) the statement fills with its now(). */
  timePaths?: string[];
}

/**
 * The issue.updated event of a column a side write sets itself (milestone, iteration: the
 * field must read the row it names first), with the write's version and time.
 */
export const fieldsEvent = (fields: Omit<IssueFieldsChanged, 'lock_version' | 'updated_at'>): SideEvent<'issue.updated'> => ({
  type: 'issue.updated',
  payload: (fresh) => ({ fields: { ...fields, lock_version: fresh.lockVersion, updated_at: new Date(0).toISOString() } }),
  timePaths: ['{payload,fields,updated_at}'],
});

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
  /** A column field: the change against the current row, or null when nothing changes. */
  plan?(value: Present<K>, current: Issue, env: FieldEnv): ColumnChange | null;
  /** A side-table field: writes in the transaction (the issue row is locked), or null when nothing changes. */
  write?(value: Present<K>, tx: Tx, ctx: IssueContext, env: FieldEnv): Promise<SideChange | null>;
  /**
   * Rows beside the issue that follow a column change (an incident's SLA), written in the same
   * transaction once the row is written; `previous` is null when the issue is new.
   */
  afterWrite?(fresh: Issue, previous: Issue | null, tx: Tx): Promise<void>;
  /** The issue.updated event fields of a column change, from the updated row. */
  event?(fresh: Issue, env: FieldEnv): Partial<IssueFieldsChanged>;
}

/** A field's value when it was sent (null is a value: "remove"). */
type Present<K extends keyof IssueUpdateInput> = Exclude<IssueUpdateInput[K], undefined>;
