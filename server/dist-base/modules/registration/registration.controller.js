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
exports.RegistrationController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const request_context_1 = require("../../core/http/request-context");
const zod_input_1 = require("../../core/http/zod-input");
const auth_service_1 = require("../auth/auth.service");
const invitation_service_1 = require("../invitation/invitation.service");
const user_entity_1 = require("../user/user.entity");
const user_mapper_1 = require("../user/user.mapper");
/**
 * Sign-up (GitLab's POST /users registration): the form's fields checked with the same schema
 * as the page, a unique username and email, then a session as after sign-in. With the invite
 * link's token the invitation becomes the new user's membership in the same transaction.
 */
let RegistrationController = class RegistrationController {
    ds;
    config;
    auth;
    invitations;
    constructor(ds, config, auth, invitations) {
        this.ds = ds;
        this.config = config;
        this.auth = auth;
        this.invitations = invitations;
    }
    /** Policy: public (creates the caller's own account); same-origin only (login CSRF). 201 {user, csrf_token, joined}. */
    async signUp(req, res, body) {
        this.checkSameOrigin(req);
        const input = (0, zod_input_1.parseInput)(shared_types_1.signUpSchema, body);
        const passwordHash = await this.auth.hashPassword(input.password);
        const { user, joined } = await this.ds.transaction(async (m) => {
            const taken = (await m.query(`SELECT lower(username) = lower($1) AS name, lower(email) = lower($2) AS mail FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`, [input.username, input.email]));
            const errors = {};
            if (taken.some((t) => t.name))
                errors.username = [shared_types_1.SIGN_UP_TEXTS.usernameTaken];
            if (taken.some((t) => t.mail))
                errors.email = [shared_types_1.SIGN_UP_TEXTS.emailTaken];
            if (Object.keys(errors).length)
                throw new app_error_1.ValidationError(errors);
            const [row] = (await m.query(`INSERT INTO users (username, name, email, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`, [input.username, input.name, input.email, passwordHash]));
            if (!row)
                throw new app_error_1.ValidationError({ username: [shared_types_1.SIGN_UP_TEXTS.usernameTaken] });
            const joinedPath = input.invite_token ? await this.invitations.accept(m, Number(row.id), input.invite_token) : null;
            return { user: await m.getRepository(user_entity_1.User).findOneByOrFail({ id: Number(row.id) }), joined: joinedPath };
        });
        const existing = (0, request_context_1.authOf)(req).sessionId;
        if (existing)
            await this.auth.destroySession(existing);
        const s = await this.auth.createSession(user.id);
        res.cookie(shared_types_1.SESSION_COOKIE, s.token, { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https://'), expires: s.expiresAt, path: '/' });
        res.status(201);
        return { user: (0, user_mapper_1.toCurrentUser)(user, this.config.publicUrl), csrf_token: s.csrfToken, joined };
    }
    /** Login CSRF: a browser's cross-site form post carries a foreign Origin. */
    checkSameOrigin(req) {
        const origin = req.get('origin');
        if (!origin)
            return;
        try {
            if (new URL(origin).host !== req.get('host') && origin !== this.config.publicUrl)
                throw new app_error_1.AppError('CSRF');
        }
        catch {
            throw new app_error_1.AppError('CSRF');
        }
    }
};
exports.RegistrationController = RegistrationController;
__decorate([
    (0, common_1.Post)('users'),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Res)({ passthrough: true })),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], RegistrationController.prototype, "signUp", null);
exports.RegistrationController = RegistrationController = __decorate([
    (0, common_1.Controller)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, auth_service_1.AuthService,
        invitation_service_1.InvitationService])
], RegistrationController);
//# sourceMappingURL=registration.controller.js.map