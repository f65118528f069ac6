import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCESS_LEVEL_NAMES, type ApiInvitation, type InvitationCreateInput, type InvitationResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { Mailer } from '../../core/mail/mailer';
import { canChangeGroupMember, canChangeProjectMember, type Actor, type GroupFacts, type ProjectFacts } from '../../core/policy/policy';
import type { Namespace } from '../group/namespace.entity';
import { MemberService } from '../member/member.service';
import type { Project } from '../project/project.entity';

/** What is invited to: a project or a group (GitLab's invitations API has both). */
export type InviteSource = { kind: 'project'; project: Project; facts: ProjectFacts } | { kind: 'group'; group: Namespace; facts: GroupFacts };

const sourceOf = (s: InviteSource) =>
  s.kind === 'project'
    ? { type: 'Project' as const, id: s.project.id, name: s.project.name, fullPath: s.project.fullPath }
    : { type: 'Namespace' as const, id: s.group.id, name: s.group.name, fullPath: s.group.fullPath };

/** TypeORM answers an UPDATE/DELETE ... RETURNING as [rows, affected]: the rows either way. */
function returnedRows<R>(result: unknown): R[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as R[];
}

/** GitLab's texts for an invitation that cannot be made. */
export const INVITE_ERRORS = {
  taken: 'Invite email has already been taken',
  member: 'User already exists in source',
  ownerOnly: 'not allowed: only an owner may invite as owner',
} as const;

/** An invitation as the invite page shows it (found by its token, the link's secret). */
export interface InvitationDetails {
  email: string;
  source_name: string;
  source_path: string;
  source_type: 'project' | 'group';
  access_level: number;
  role: string;
  expires_at: string | null;
}

/**
 * E-mail invitations to a project or a group (GitLab's Members::InviteService and invitations API): an
 * address of an existing user becomes a membership at once; any other gets an invitation row
 * and a mail with the link /-/invites/<token>; signing up through that link makes the
 * membership and removes the invitation (registration module).
 */
@Injectable()
export class InvitationService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly members: MemberService,
    private readonly mailer: Mailer,
  ) {}

  async invite(actor: Actor, target: InviteSource, input: InvitationCreateInput): Promise<InvitationResponse> {
    const email = input.email.toLowerCase();
    const error = (message: string): InvitationResponse => ({ status: 'error', message: { [input.email]: message } });
    const change = { from: null, to: input.access_level, self: false };
    // The owner level only by owners (the members rule)
    const allowed = target.kind === 'project' ? canChangeProjectMember(actor, target.facts, change) : canChangeGroupMember(actor, target.facts, change);
    if (!allowed) return error(INVITE_ERRORS.ownerOnly);
    const source = sourceOf(target);
    const [user] = (await this.ds.query(`SELECT id FROM users WHERE lower(email) = $1`, [email])) as Array<{ id: number }>;
    if (user) {
      const members = target.kind === 'project' ? this.members.projectTarget(target.project) : this.members.groupTarget(target.group);
      try {
        await this.members.add(actor, members, { userId: Number(user.id), accessLevel: input.access_level, expiresAt: input.expires_at });
      } catch (e) {
        if (e instanceof AppError && e.code === 'MEMBER_EXISTS') return error(INVITE_ERRORS.member);
        if (e instanceof AppError && e.status < 500) return error(typeof e.body === 'string' ? e.body : e.message);
        throw e;
      }
      return { status: 'success' };
    }
    const token = randomBytes(24).toString('hex');
    const inserted = (await this.ds.query(
      `INSERT INTO invitations (token, email, source_type, source_id, access_level, expires_at, invited_by_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (source_type, source_id, lower(email)) DO NOTHING RETURNING id`,
      [token, input.email, source.type, source.id, input.access_level, input.expires_at, actor.id],
    )) as Array<{ id: number }>;
    if (!inserted.length) return error(INVITE_ERRORS.taken);
    const [inviter] = (await this.ds.query('SELECT name FROM users WHERE id = $1', [actor.id])) as Array<{ name: string }>;
    const link = `${this.config.publicUrl}/-/invites/${token}`;
    await this.mailer.send({
      to: input.email,
      subject: `Invitation to join the ${source.name} ${target.kind}`,
      text:
        `${inviter?.name ?? 'Someone'} invited you to join the ${source.fullPath} ${target.kind} as ${ACCESS_LEVEL_NAMES[input.access_level]}.\n\n` +
        `Accept the invitation: ${link}\n\n` +
        (input.expires_at ? `Your access expires on ${input.expires_at}.\n` : ''),
    });
    return { status: 'success' };
  }

  async list(target: InviteSource): Promise<ApiInvitation[]> {
    const source = sourceOf(target);
    const rows = (await this.ds.query(
      `SELECT iv.id, iv.email, iv.access_level, iv.expires_at::text AS expires_at, iv.created_at, u.name AS created_by_name
       FROM invitations iv LEFT JOIN users u ON u.id = iv.invited_by_id
       WHERE iv.source_type = $1 AND iv.source_id = $2 ORDER BY iv.id`,
      [source.type, source.id],
    )) as Array<{ id: number; email: string; access_level: number; expires_at: string | null; created_at: Date; created_by_name: string | null }>;
    return rows.map((r) => ({
      id: Number(r.id),
      invite_email: r.email,
      access_level: Number(r.access_level),
      expires_at: r.expires_at,
      created_at: new Date(r.created_at).toISOString(),
      created_by_name: r.created_by_name,
      user_name: null,
    }));
  }

  /** Removes the invitation of an address; false when there is none. */
  async revoke(target: InviteSource, email: string): Promise<boolean> {
    const source = sourceOf(target);
    const rows = returnedRows<{ id: number }>(
      await this.ds.query(`DELETE FROM invitations WHERE source_type = $1 AND source_id = $2 AND lower(email) = lower($3) RETURNING id`, [source.type, source.id, email]),
    );
    return rows.length > 0;
  }

  /** What the invite page shows; null for an unknown token. */
  async details(token: string): Promise<InvitationDetails | null> {
    if (!/^[0-9a-f]{48}$/.test(token)) return null;
    const [row] = (await this.ds.query(
      `SELECT iv.email, iv.access_level, iv.expires_at::text AS expires_at, iv.source_type, COALESCE(p.name, n.name) AS name, COALESCE(p.full_path, n.full_path) AS full_path
       FROM invitations iv
       LEFT JOIN projects p ON iv.source_type = 'Project' AND p.id = iv.source_id
       LEFT JOIN namespaces n ON iv.source_type = 'Namespace' AND n.id = iv.source_id
       WHERE iv.token = $1`,
      [token],
    )) as Array<{ email: string; access_level: number; expires_at: string | null; source_type: 'Project' | 'Namespace'; name: string | null; full_path: string | null }>;
    if (!row || row.name === null || row.full_path === null) return null;
    return {
      email: row.email,
      source_name: row.name,
      source_path: row.full_path,
      source_type: row.source_type === 'Project' ? 'project' : 'group',
      access_level: Number(row.access_level),
      role: ACCESS_LEVEL_NAMES[row.access_level] ?? '',
      expires_at: row.expires_at,
    };
  }

  /**
   * In the sign-up's transaction: the invitation of the link's token becomes the new user's
   * membership (an expiry already passed leaves none) and is removed. The path of the project joined, or null.
   */
  async accept(m: EntityManager, userId: number, token: string): Promise<string | null> {
    const [row] = returnedRows<{ source_type: 'Project' | 'Namespace'; source_id: number; access_level: number; expires_at: string | null }>(
      await m.query(`DELETE FROM invitations WHERE token = $1 RETURNING source_type, source_id, access_level, expires_at::text AS expires_at`, [token]),
    );
    if (!row) return null;
    await m.query(
      `INSERT INTO members (source_type, source_id, user_id, access_level, expires_at) SELECT $1, $2, $3, $4, $5::date
       WHERE $5::date IS NULL OR $5::date >= current_date ON CONFLICT (source_type, source_id, user_id) DO NOTHING`,
      [row.source_type, row.source_id, userId, row.access_level, row.expires_at],
    );
    const [p] = (await m.query(row.source_type === 'Project' ? 'SELECT full_path FROM projects WHERE id = $1' : 'SELECT full_path FROM namespaces WHERE id = $1', [row.source_id])) as Array<{ full_path: string }>;
    if (!p) return null;
    // The sign-up page opens the issues of what was joined: a project's, or a group's (groups/<path>)
    return row.source_type === 'Project' ? p.full_path : `groups/${p.full_path}`;
  }
}
