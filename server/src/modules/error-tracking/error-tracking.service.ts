import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ERROR_TRACKING,
  type ApiErrorTrackingClientKey,
  type ApiErrorTrackingSettings,
  type ErrorStatus,
  type ErrorStatusUpdateResponse,
  type ErrorTrackingListResponse,
  type StackTraceResponse,
} from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { canProject, type Actor, type ProjectAbility, type ProjectFacts } from '../../core/policy/policy';
import { ErrorsChannel } from '../../core/realtime/errors-channel';
import { EventLogService } from '../../core/realtime/event-log.service';
import type { Project } from '../project/project.entity';
import { ProjectService } from '../project/project.service';
import { CreateIssueAction } from '../issue/actions/create-issue';
import { clientKeysOf, findError, insertClientKey, latestEvent, listErrors, revokeClientKey, saveSettings, setErrorStatus, settingsOf, type ErrorRow } from './error-tracking.store';
import { toApiClientKey, toApiSentryError, toStackTraceEntries } from './error-tracking.mapper';
import { encodeCursor, type ListParams } from './error-tracking.validation';
import { IngestHttp } from './ingest/ingest-http';
import { LinkedIssueNotifier } from './linked-issue-notifier';
import { issueFromError } from './issue-from-error';

export interface ProjectAccess {
  project: Project;
  facts: ProjectFacts;
}

/** Error tracking's reads and writes behind REST, the page JSON and GraphQL (each asks the policy here). */
@Injectable()
export class ErrorTrackingService {
  constructor(
    @Inject(APP_CONFIG) readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly events: EventLogService,
    private readonly createIssue: CreateIssueAction,
    private readonly channel: ErrorsChannel,
    private readonly ingest: IngestHttp,
    private readonly linked: LinkedIssueNotifier,
  ) {}

  /** The project, readable by the actor, who must also hold `ability` (401 anonymous, 403 otherwise). */
  async access(actor: Actor | null, idOrPath: string, ability: ProjectAbility): Promise<ProjectAccess> {
    const { project, facts } = await this.projects.findReadable(actor, idOrPath);
    if (!canProject(actor, ability, facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return { project, facts };
  }

  async settings(p: ProjectAccess): Promise<ApiErrorTrackingSettings> {
    const s = await settingsOf(this.ds, p.project.id);
    return { active: s.active, project_name: p.project.name, sentry_external_url: null, api_url: null, integrated: s.integrated };
  }

  async updateSettings(p: ProjectAccess, input: { active?: boolean; integrated?: boolean }): Promise<ApiErrorTrackingSettings> {
    await this.ds.transaction(async (m) => {
      const before = await settingsOf(m, p.project.id);
      await saveSettings(m, p.project.id, { active: input.active ?? before.active, integrated: input.integrated ?? before.integrated });
    });
    this.ingest.forget();
    return this.settings(p);
  }

  async clientKeys(p: ProjectAccess): Promise<ApiErrorTrackingClientKey[]> {
    return (await clientKeysOf(this.ds, p.project.id)).map((k) => toApiClientKey(k, this.config.publicUrl));
  }

  /** A new key: `tdet_` and 32 hex digits (the DSN's public part; Sentry's DSN takes word characters only). */
  async createClientKey(p: ProjectAccess): Promise<ApiErrorTrackingClientKey> {
    return toApiClientKey(await insertClientKey(this.ds, p.project.id, `tdet_${randomBytes(16).toString('hex')}`), this.config.publicUrl);
  }

  async revokeClientKey(p: ProjectAccess, keyId: number): Promise<ApiErrorTrackingClientKey> {
    const k = await revokeClientKey(this.ds, p.project.id, keyId);
    if (!k) throw new AppError('CLIENT_KEY_NOT_FOUND');
    this.ingest.forget();
    return toApiClientKey(k, this.config.publicUrl);
  }

  async list(p: ProjectAccess, q: ListParams, limit: number = ERROR_TRACKING.pageSize): Promise<ErrorTrackingListResponse & { rows: ErrorRow[] }> {
    const back = q.cursor?.back === true;
    const rows = await listErrors(this.ds, p.project.id, { status: q.status, search: q.search, sort: q.sort, after: q.cursor, limit: limit + 1 });
    const more = rows.length > limit;
    const page = rows.slice(0, limit);
    if (back) page.reverse();
    const keyOf = (e: ErrorRow) => (q.sort === 'frequency' ? e.eventsCount : q.sort === 'first_seen' ? e.firstSeenAt : e.lastSeenAt);
    const first = page[0];
    const last = page[page.length - 1];
    // Going down: more rows below; going back up: the rows this page was reached from are below
    const hasNext = back ? q.cursor !== null : more;
    const hasPrev = back ? more : q.cursor !== null;
    return {
      rows: page,
      errors: page.map((e) => toApiSentryError(e, p.project.fullPath, this.config.publicUrl)),
      pagination: {
        next: hasNext && last ? { cursor: encodeCursor({ v: keyOf(last), id: last.id }) } : null,
        previous: hasPrev && first ? { cursor: encodeCursor({ v: keyOf(first), id: first.id, back: true }) } : null,
      },
      external_url: null,
    };
  }

  async find(p: ProjectAccess, id: number | null): Promise<ErrorRow> {
    const e = id === null ? null : await findError(this.ds, p.project.id, id);
    if (!e) throw new AppError('SENTRY_ERROR_NOT_FOUND');
    return e;
  }

  async stackTrace(p: ProjectAccess, e: ErrorRow): Promise<StackTraceResponse> {
    const latest = await latestEvent(this.ds, e.id);
    return { error: { ...toApiSentryError(e, p.project.fullPath, this.config.publicUrl), stack_trace_entries: toStackTraceEntries(latest?.frames ?? []) } };
  }

  /** Resolve, ignore or reopen (update_error_tracking); the list's watchers and the linked issue's page are told. */
  async updateStatus(p: ProjectAccess, e: ErrorRow, status: ErrorStatus): Promise<ErrorStatusUpdateResponse> {
    const updated = await setErrorStatus(this.ds, p.project.id, e.id, status);
    if (updated) {
      this.channel.errorsChanged(p.project.fullPath, [e.id]);
      if (e.issueId !== null) await this.linked.send(e.id);
    }
    return { result: { status: 'success', updated, error_status: status }, errors: [] };
  }

  /**
   * "Create issue" (update_error_tracking, then create_issue as any new issue): an issue titled
   * and described from the error, linked to it in the same transaction. An error that has an
   * issue already answers with that one.
   */
  async createIssueFrom(actor: Actor, p: ProjectAccess, e: ErrorRow): Promise<{ iid: number; web_url: string; created: boolean }> {
    const url = (iid: number) => `${this.config.publicUrl}/${p.project.fullPath}/-/issues/${iid}`;
    if (e.issueIid !== null) return { iid: e.issueIid, web_url: url(e.issueIid), created: false };
    const input = issueFromError(e, `${this.config.publicUrl}/${p.project.fullPath}/-/error_tracking/${e.id}/details`);
    const prepared = await this.createIssue.prepare(actor, p.project, p.facts, input);
    const made = await this.events.transaction(async (tx) => {
      // Two clicks at once: the second waits here, then finds the error linked and rolls its issue back
      await tx.manager.query('SELECT id FROM error_tracking_errors WHERE id = $1 FOR UPDATE', [e.id]);
      const issue = await this.createIssue.executeInTx(tx, prepared.actor, p.project, p.facts, prepared.input);
      const [, n] = (await tx.manager.query('UPDATE error_tracking_errors SET issue_id = $2, updated_at = now() WHERE id = $1 AND issue_id IS NULL', [e.id, issue.id])) as [unknown, number];
      if (n !== 1) throw new AppError('SENTRY_ERROR_HAS_ISSUE');
      return issue;
    });
    this.channel.errorsChanged(p.project.fullPath, [e.id]);
    return { iid: made.iid, web_url: url(made.iid), created: true };
  }
}
