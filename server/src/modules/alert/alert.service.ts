import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ALERT_STATUS_CHOICES, type AlertStatusChoice, type IncidentSettings } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { canProject, type Actor } from '../../core/policy/policy';
import { EventLogService } from '../../core/realtime/event-log.service';
import { digest, randomToken } from '../auth/tokens';
import { safeEqual } from '../auth/tokens';
import { CreateIssueAction } from '../issue/actions/create-issue';
import { UpdateIssueAction } from '../issue/actions/update-issue';
import { IssueLoader } from '../issue/issue.loader';
import type { Project } from '../project/project.entity';
import { ProjectService } from '../project/project.service';
import { alertByIid, recordAlert, setAlertStatus, type AlertRow } from './alert.store';
import type { AlertPayload } from './alert.validation';

/** GitLab's incident severities from an alert's severity. */
const INCIDENT_SEVERITY: Record<string, string> = { critical: 'CRITICAL', high: 'HIGH', medium: 'MEDIUM', low: 'LOW', info: 'UNKNOWN', unknown: 'UNKNOWN' };

/** The user alerts act as (GitLab's Alert Bot): created on first use, never signs in. */
const BOT = { username: 'alert-bot', name: 'Alert Bot', email: 'alert-bot@noreply.tandem.local' };

/**
 * The alert endpoint and the incident settings: maintainers generate the endpoint's token and
 * set the time to SLA; a posted alert is stored (or counted on its fingerprint) and a new one
 * opens an incident (which starts its SLA, fields/issue-type.ts) and a system note.
 */
@Injectable()
export class AlertService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) readonly config: AppConfig,
    private readonly projects: ProjectService,
    private readonly events: EventLogService,
    private readonly createIssue: CreateIssueAction,
    private readonly updateIssue: UpdateIssueAction,
    private readonly loader: IssueLoader,
  ) {}

  async settings(actor: Actor | null, idOrPath: string): Promise<IncidentSettings> {
    const { project } = await this.admin(actor, idOrPath);
    return this.settingsOf(project);
  }

  async updateSettings(actor: Actor | null, idOrPath: string, input: { slaMinutes?: number | null }): Promise<IncidentSettings> {
    const { project } = await this.admin(actor, idOrPath);
    if (input.slaMinutes !== undefined) {
      await this.ds.query(
        `INSERT INTO project_incident_settings (project_id, sla_minutes) VALUES ($1, $2)
         ON CONFLICT (project_id) DO UPDATE SET sla_minutes = EXCLUDED.sla_minutes, updated_at = now()`,
        [project.id, input.slaMinutes],
      );
    }
    return this.settingsOf(project);
  }

  /** A new token for the alert endpoint (the old one stops working); shown once. */
  async resetToken(actor: Actor | null, idOrPath: string): Promise<IncidentSettings & { token: string }> {
    const { project } = await this.admin(actor, idOrPath);
    const token = randomToken(24);
    await this.ds.query(
      `INSERT INTO project_incident_settings (project_id, alerts_token_digest) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET alerts_token_digest = EXCLUDED.alerts_token_digest, updated_at = now()`,
      [project.id, digest(token)],
    );
    return { ...(await this.settingsOf(project)), token };
  }

  /** POST {project}/alerts/notify.json: the project's token as a Bearer credential, else 401 (unknown projects too). */
  async notify(projectPath: string, bearer: string | null, payload: () => AlertPayload): Promise<AlertRow> {
    const project = await this.projects.findByIdOrPath(projectPath);
    const [s] = project ? ((await this.ds.query('SELECT alerts_token_digest FROM project_incident_settings WHERE project_id = $1', [project.id])) as Array<{ alerts_token_digest: string | null }>) : [];
    if (!project || !bearer || !s?.alerts_token_digest || !safeEqual(digest(bearer), s.alerts_token_digest)) throw new AppError('ALERT_UNAUTHORIZED');
    const input = payload();
    const { alert, created } = await this.ds.transaction((m) => recordAlert(m, project.id, input));
    if (!created || alert.status === 'RESOLVED') return alert;
    return this.openIncident(project, alert, input);
  }

  /** The incident for a new alert: the issue (as the Alert Bot), its severity and SLA, the alert's link and the note. */
  private async openIncident(project: Project, alert: AlertRow, a: AlertPayload): Promise<AlertRow> {
    const bot = await this.bot();
    const facts = { visibility: project.visibility, archived: project.archived, accessLevel: 0 };
    const issue = await this.createIssue.execute(bot, project, facts, { title: a.title, description: incidentDescription(alert), issueType: 'incident' });
    const ctx = await this.loader.contextFor(project, facts, issue.iid);
    await this.events.transaction(async (tx) => {
      const m = tx.manager;
      await m.query('UPDATE alerts SET issue_id = $1, updated_at = now() WHERE id = $2', [issue.id, alert.id]);
      await m.query('UPDATE issues SET severity = $1 WHERE id = $2', [INCIDENT_SEVERITY[a.severity] ?? 'UNKNOWN', issue.id]);
      await this.updateIssue.executeInTx(tx, bot, ctx!, { fromAlert: Number(alert.iid) });
    });
    return { ...alert, issueId: issue.id, issueIid: issue.iid };
  }

  /**
   * A user sets the alert's status (GitLab's updateAlertStatus): developers and up; readers of
   * alerts (reporters) who may not are refused, others do not see the alert. The change and the
   * system note on its incident (live, as every note) are one transaction; setting the status it
   * already has changes nothing.
   */
  async setStatus(actor: Actor | null, projectPath: string, iid: string, status: AlertStatusChoice): Promise<{ alert: AlertRow; project: Project }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { project, facts } = await this.projects.findReadable(actor, projectPath);
    const n = /^\d{1,9}$/.test(iid) ? Number(iid) : null;
    const alert = n !== null && canProject(actor, 'read_confidential_issues', facts) ? await alertByIid(this.ds, project.id, n) : null;
    if (!alert) throw new AppError('NOT_FOUND');
    if (!canProject(actor, 'update_alert', facts)) throw new AppError('FORBIDDEN');
    const label = ALERT_STATUS_CHOICES.find((c) => c.value === status)!.label;
    const updated = await this.events.transaction(async (tx) => {
      const row = await setAlertStatus(tx.manager, alert.id, status.toLowerCase());
      if (row?.issueIid != null) {
        const ctx = await this.loader.contextFor(project, facts, row.issueIid, tx.manager);
        if (ctx) await this.updateIssue.executeInTx(tx, actor, ctx, { alertStatus: { alertIid: Number(alert.iid), label } });
      }
      return row;
    });
    return { alert: updated ?? alert, project };
  }

  private async bot(): Promise<Actor> {
    await this.ds.query(
      `INSERT INTO users (username, name, email) SELECT $1::varchar, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = $1)`,
      [BOT.username, BOT.name, BOT.email],
    );
    const [u] = (await this.ds.query('SELECT id FROM users WHERE lower(username) = $1', [BOT.username])) as Array<{ id: number }>;
    // The bot acts for the project's alert endpoint (authorised by its token), so it passes the issue checks
    return { id: Number(u!.id), username: BOT.username, isAdmin: true, scopes: null };
  }

  private async admin(actor: Actor | null, idOrPath: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const found = await this.projects.findReadable(actor, idOrPath);
    if (!this.projects.can(actor, 'admin_project', found.facts)) throw new AppError('FORBIDDEN');
    return found;
  }

  private async settingsOf(project: Project): Promise<IncidentSettings> {
    const [s] = (await this.ds.query('SELECT alerts_token_digest, sla_minutes FROM project_incident_settings WHERE project_id = $1', [project.id])) as Array<{ alerts_token_digest: string | null; sla_minutes: number | null }>;
    return { sla_minutes: s?.sla_minutes ?? null, alerts_enabled: !!s?.alerts_token_digest, alerts_url: `${this.config.publicUrl}/${project.fullPath}/alerts/notify.json` };
  }
}

/** The incident's description: the alert's summary, as GitLab writes it. */
function incidentDescription(a: AlertRow): string {
  const lines = [`**Start time:** ${a.startedAt}`, `**Severity:** ${a.severity.toLowerCase()}`];
  if (a.service) lines.push(`**Service:** ${a.service}`);
  if (a.monitoringTool) lines.push(`**Monitoring tool:** ${a.monitoringTool}`);
  if (a.hosts.length) lines.push(`**Hosts:** ${a.hosts.join(', ')}`);
  return `${lines.join('\n')}\n\n${a.description ?? ''}`.trim();
}
