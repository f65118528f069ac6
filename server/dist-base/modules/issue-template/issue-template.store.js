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
exports.IssueTemplateStore = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const app_error_1 = require("../../core/errors/app-error");
/** A project's description templates (table issue_templates), by name, case-insensitive. */
let IssueTemplateStore = class IssueTemplateStore {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    async list(projectId) {
        return (await this.ds.query(`SELECT name, content FROM issue_templates WHERE project_id = $1 ORDER BY lower(name)`, [projectId]));
    }
    async get(projectId, name) {
        const [row] = (await this.ds.query(`SELECT name, content FROM issue_templates WHERE project_id = $1 AND lower(name) = lower($2)`, [projectId, name]));
        if (!row)
            throw new app_error_1.AppError('TEMPLATE_NOT_FOUND');
        return row;
    }
    /** A new template; the name is unique in the project (any case). */
    async create(projectId, t) {
        const rows = (await this.ds.query(`INSERT INTO issue_templates (project_id, name, content) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING name, content`, [projectId, t.name, t.content]));
        if (!rows[0])
            throw new app_error_1.ValidationError({ name: ['has already been taken'] });
        return rows[0];
    }
    async update(projectId, name, content) {
        const [rows] = (await this.ds.query(`UPDATE issue_templates SET content = $3, updated_at = now() WHERE project_id = $1 AND lower(name) = lower($2) RETURNING name, content`, [projectId, name, content]));
        if (!rows[0])
            throw new app_error_1.AppError('TEMPLATE_NOT_FOUND');
        return rows[0];
    }
    async remove(projectId, name) {
        const [rows] = (await this.ds.query(`DELETE FROM issue_templates WHERE project_id = $1 AND lower(name) = lower($2) RETURNING id`, [projectId, name]));
        if (!rows.length)
            throw new app_error_1.AppError('TEMPLATE_NOT_FOUND');
    }
};
exports.IssueTemplateStore = IssueTemplateStore;
exports.IssueTemplateStore = IssueTemplateStore = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], IssueTemplateStore);
//# sourceMappingURL=issue-template.store.js.map