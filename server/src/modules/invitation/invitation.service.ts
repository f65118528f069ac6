import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCESS_LEVEL_NAMES, type ApiInvitation, type InvitationCreateInput, type InvitationResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { Mailer } from '../../core/mail/mailer';
import { canChangeProjectMember, type Actor, type ProjectFacts } from '../../core/policy/policy';
import { MemberService } from '../member/member.service';
import type { Project } from '../project/project.entity';

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
  source_type: 'project';
  access_level: number;
  role: string;
  expires_at: string | null;
}

/**
 * E-mail invitations to a project (GitLab's Members::InviteService and invitations API): an
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

  async invite(actor: Actor, project: Project, facts: ProjectFacts, input: InvitationCreateInput): Promise<InvitationResponse> {
    const email = input.email.toLowerCase();
    const error = (message: string): InvitationResponse => ({ status: 'error', message: { [input.email]: message } });
    // The owner level only by owners (the members rule)
    if (!canChangeProjectMember(actor, facts, { from: null, to: input.access_level, self: false })) return error(INVITE_ERRORS.ownerOnly);
    const [user] = (await this.ds.query(`SELECT id FROM users WHERE lower(email) = $1`, [email])) as Array<{ id: number }>;
    if (user) {
      try {
        await this.members.add(actor, this.members.projectTarget(project), { userId: Number(user.id), accessLevel: input.access_level, expiresAt: input.expires_at });
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
       VALUES ($1, $2, 'Project', $3, $4, $5, $6) ON CONFLICT (source_type, source_id, lower(email)) DO NOTHING RETURNING id`,
      [token, input.email, project.id, input.access_level, input.expires_at, actor.id],
    )) as Array<{ id: number }>;
    if (!inserted.length) return error(INVITE_ERRORS.taken);
    const [inviter] = (await this.ds.query('SELECT name FROM users WHERE id = $1', [actor.id])) as Array<{ name: string }>;
    const link = `${this.config.publicUrl}/-/invites/${token}`;
    await this.mailer.send({
      to: input.email,
      subject: `Invitation to join the ${project.name} project`,
      text:
        `${inviter?.name ?? 'Someone'} invited you to join the ${project.fullPath} project as ${ACCESS_LEVEL_NAMES[input.access_level]}.\n\n` +
        `Accept the invitation: ${link}\n\n` +
        (input.expires_at ? `Your access expires on ${input.expires_at}.\n` : ''),
    });
    return { status: 'success' };
  }

  async list(project: Project): Promise<ApiInvitation[]> {
    const rows = (await this.ds.query(
      `SELECT iv.id, iv.email, iv.access_level, iv.expires_at::text AS expires_at, iv.created_at, u.name AS created_by_name
       FROM invitations iv LEFT JOIN users u ON u.id = iv.invited_by_id
       WHERE iv.source_type = 'Project' AND iv.source_id = $1 ORDER BY iv.id`,
      [project.id],
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
  async revoke(project: Project, email: string): Promise<boolean> {
    const rows = returnedRows<{ id: number }>(await this.ds.query(`DELETE FROM invitations WHERE source_type = 'Project' AND source_id = $1 AND lower(email) = lower($2) RETURNING id`, [project.id, email]));
    return rows.length > 0;
  }

  /** What the invite page shows; null for an unknown token. */
  async details(token: string): Promise<InvitationDetails | null> {
    if (!/^[0-9a-f]{48}$/.test(token)) return null;
    const [row] = (await this.ds.query(
      `SELECT iv.email, iv.access_level, iv.expires_at::text AS expires_at, p.name, p.full_path
       FROM invitations iv JOIN projects p ON iv.source_type = 'Project' AND p.id = iv.source_id WHERE iv.token = $1`,
      [token],
    )) as Array<{ email: string; access_level: number; expires_at: string | null; name: string; full_path: string }>;
    if (!row) return null;
    return { email: row.email, source_name: row.name, source_path: row.full_path, source_type: 'project', access_level: Number(row.access_level), role: ACCESS_LEVEL_NAMES[row.access_level] ?? '', expires_at: row.expires_at };
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
    const [p] = (await m.query('SELECT full_path FROM projects WHERE id = $1', [row.source_id])) as Array<{ full_path: string }>;
    return row.source_type === 'Project' ? (p?.full_path ?? null) : null;
  }
}
