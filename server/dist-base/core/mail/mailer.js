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
var Mailer_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.Mailer = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const nodemailer_1 = require("nodemailer");
const config_1 = require("../config/config");
/**
 * Outgoing mail. With SMTP_URL it is sent through that server (nodemailer); without, nothing
 * leaves the machine. Either way a copy goes to the `outbox_emails` table, which developers
 * read at GET /-/outbox (README, configuration).
 */
let Mailer = Mailer_1 = class Mailer {
    ds;
    config;
    logger = new common_1.Logger(Mailer_1.name);
    transport;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
        this.transport = config.SMTP_URL ? (0, nodemailer_1.createTransport)(config.SMTP_URL) : null;
    }
    /** Sends (or, without SMTP, only stores) a message; an SMTP failure is logged, never thrown at the caller. */
    async send(message) {
        let by = 'outbox';
        if (this.transport) {
            try {
                await this.transport.sendMail({ from: this.config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
                by = 'smtp';
            }
            catch (err) {
                this.logger.error({ err }, 'SMTP delivery failed; the message stays in the outbox');
            }
        }
        await this.ds.query('INSERT INTO outbox_emails (to_address, subject, body, delivered_by) VALUES ($1, $2, $3, $4)', [message.to, message.subject, message.text, by]);
    }
    /** The newest messages first. */
    async outbox(limit = 50) {
        const rows = (await this.ds.query('SELECT id, to_address, subject, body, delivered_by, created_at FROM outbox_emails ORDER BY id DESC LIMIT $1', [limit]));
        return rows.map((r) => ({ id: Number(r.id), to: r.to_address, subject: r.subject, body: r.body, delivered_by: r.delivered_by, created_at: new Date(r.created_at).toISOString() }));
    }
    onModuleDestroy() {
        this.transport?.close();
    }
};
exports.Mailer = Mailer;
exports.Mailer = Mailer = Mailer_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], Mailer);
//# sourceMappingURL=mailer.js.map