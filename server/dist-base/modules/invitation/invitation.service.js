"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.InvitationService = exports.INVITE_ERRORS = void 0;
const node_crypto_1 = require("node:crypto");
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const mailer_1 = require("../../core/mail/mailer");
const policy_1 = require("../../core/policy/policy");
const member_service_1 = require("../member/member.service");
/** TypeORM answers an UPDATE/DELETE ... RETURNING as [rows, affected]: the rows either way. */
function returnedRows(result) {
    return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result);
}
/** GitLab's texts for an invitation that cannot be made. */
exports.INVITE_ERRORS = {
    taken: 'Invite email has already been taken',
    member: 'User already exists in source',
    ownerOnly: 'not allowed: only an owner may invite as owner',
};
/**
 * E-mail invitations to a project (GitLab's Members::InviteService and invitations API): an
 * address of an existing user becomes a membership at once; any other gets an invitation row
 * and a mail with the link /-/invites/<token>; signing up through that link makes the
 * membership and removes the invitation (registration module).
 */
let InvitationService = class InvitationService {
    ds;
    config;
    members;
    mailer;
    constructor(ds, config, members, mailer) {
        this.ds = ds;
        this.config = config;
        this.members = members;
        this.mailer = mailer;
    }
    async invite(actor, project, facts, input) {
        const email = input.email.toLowerCase();
        const error = (message) => ({ status: 'error', message: { [input.email]: message } });
        // The owner level only by owners (the members rule)
        if (!(0, policy_1.canChangeProjectMember)(actor, facts, { from: null, to: input.access_level, self: false }))
            return error(exports.INVITE_ERRORS.ownerOnly);
        const [user] = (await this.ds.query(`SELECT id FROM users WHERE lower(email) = $1`, [email]));
        if (user) {
            try {
                await this.members.add(actor, this.members.projectTarget(project), { userId: Number(user.id), accessLevel: input.access_level, expiresAt: input.expires_at });
            }
            catch (e) {
                if (e instanceof app_error_1.AppError && e.code === 'MEMBER_EXISTS')
                    return error(exports.INVITE_ERRORS.member);
                if (e instanceof app_error_1.AppError && e.status < 500)
                    return error(typeof e.body === 'string' ? e.body : e.message);
                throw e;
            }
            return { status: 'success' };
        }
        const token = (0, node_crypto_1.randomBytes)(24).toString('hex');
        const inserted = (await this.ds.query(`INSERT INTO invitations (token, email, source_type, source_id, access_level, expires_at, invited_by_id)
       VALUES ($1, $2, 'Project', $3, $4, $5, $6) ON CONFLICT (source_type, source_id, lower(email)) DO NOTHING RETURNING id`, [token, input.email, project.id, input.access_level, input.expires_at, actor.id]));
        if (!inserted.length)
            return error(exports.INVITE_ERRORS.taken);
        const [inviter] = (await this.ds.query('SELECT name FROM users WHERE id = $1', [actor.id]));
        const link = `${this.config.publicUrl}/-/invites/${token}`;
        await this.mailer.send({
            to: input.email,
            subject: `Invitation to join the ${project.name} project`,
            text: `${inviter?.name ?? 'Someone'} invited you to join the ${project.fullPath} project as ${shared_types_1.ACCESS_LEVEL_NAMES[input.access_level]}.\n\n` +
                `Accept the invitation: ${link}\n\n` +
                (input.expires_at ? `Your access expires on ${input.expires_at}.\n` : ''),
        });
        return { status: 'success' };
    }
    async list(project) {
        const rows = (await this.ds.query(`SELECT iv.id, iv.email, iv.access_level, iv.expires_at::text AS expires_at, iv.created_at, u.name AS created_by_name
       FROM invitations iv LEFT JOIN users u ON u.id = iv.invited_by_id
       WHERE iv.source_type = 'Project' AND iv.source_id = $1 ORDER BY iv.id`, [project.id]));
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
    async revoke(project, email) {
        const rows = returnedRows(await this.ds.query(`DELETE FROM invitations WHERE source_type = 'Project' AND source_id = $1 AND lower(email) = lower($2) RETURNING id`, [project.id, email]));
        return rows.length > 0;
    }
    /** What the invite page shows; null for an unknown token. */
    async details(token) {
        if (!/^[0-9a-f]{48}$/.test(token))
            return null;
        const [row] = (await this.ds.query(`SELECT iv.email, iv.access_level, iv.expires_at::text AS expires_at, p.name, p.full_path
       FROM invitations iv JOIN projects p ON iv.source_type = 'Project' AND p.id = iv.source_id WHERE iv.token = $1`, [token]));
        if (!row)
            return null;
        return { email: row.email, source_name: row.name, source_path: row.full_path, source_type: 'project', access_level: Number(row.access_level), role: shared_types_1.ACCESS_LEVEL_NAMES[row.access_level] ?? '', expires_at: row.expires_at };
    }
    /**
     * In the sign-up's transaction: the invitation of the link's token becomes the new user's
     * membership (an expiry already passed leaves none) and is removed. The path of the project joined, or null.
     */
    async accept(m, userId, token) {
        const [row] = returnedRows(await m.query(`DELETE FROM invitations WHERE token = $1 RETURNING source_type, source_id, access_level, expires_at::text AS expires_at`, [token]));
        if (!row)
            return null;
        await m.query(`INSERT INTO members (source_type, source_id, user_id, access_level, expires_at) SELECT $1, $2, $3, $4, $5::date
       WHERE $5::date IS NULL OR $5::date >= current_date ON CONFLICT (source_type, source_id, user_id) DO NOTHING`, [row.source_type, row.source_id, userId, row.access_level, row.expires_at]);
        const [p] = (await m.query('SELECT full_path FROM projects WHERE id = $1', [row.source_id]));
        return row.source_type === 'Project' ? (p?.full_path ?? null) : null;
    }
};
exports.InvitationService = InvitationService;
exports.InvitationService = InvitationService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, member_service_1.MemberService,
        mailer_1.Mailer])
], InvitationService);
//# sourceMappingURL=invitation.service.js.map