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
var EpicService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.EpicService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const policy_1 = require("../../core/policy/policy");
const group_service_1 = require("../group/group.service");
const epic_store_1 = require("./epic.store");
/** Group epics: finding them as an actor may see them, creating, editing and deleting them. */
let EpicService = EpicService_1 = class EpicService {
    ds;
    config;
    groups;
    markdown;
    constructor(ds, config, groups, markdown) {
        this.ds = ds;
        this.config = config;
        this.groups = groups;
        this.markdown = markdown;
    }
    static facts(e) {
        return { visibility: e.groupVisibility, accessLevel: e.accessLevel };
    }
    static can(actor, ability, e) {
        return (0, policy_1.canEpic)(actor, ability, EpicService_1.facts(e), e);
    }
    /** The group's epics the actor may read (with its descendants and/or ancestors when asked). */
    async list(actor, group, f) {
        const ids = new Set([group.id]);
        if (f.descendants)
            for (const id of await (0, epic_store_1.descendantGroupIds)(this.ds, group.id))
                ids.add(id);
        if (f.ancestors)
            for (const id of await (0, epic_store_1.ancestorGroupIds)(this.ds, group.id))
                ids.add(id);
        const rows = await (0, epic_store_1.listEpics)(this.ds, actor?.id ?? null, { groupIds: [...ids], search: f.search, state: f.state, iids: f.iids });
        return rows.filter((e) => EpicService_1.can(actor, 'read_epic', e));
    }
    /** An epic the actor may read; anything else is "not found", as an unknown one. */
    async findReadable(actor, groupIdOrPath, iid) {
        const { group } = await this.groups.findReadable(actor, groupIdOrPath);
        const epic = iid === null ? null : await (0, epic_store_1.epicByIid)(this.ds, actor?.id ?? null, group.id, iid);
        if (!epic || !EpicService_1.can(actor, 'read_epic', epic))
            throw new app_error_1.AppError('EPIC_NOT_FOUND');
        return { group, epic };
    }
    authorize(actor, ability, e) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (!EpicService_1.can(actor, ability, e))
            throw new app_error_1.AppError('FORBIDDEN');
    }
    async create(actor, groupIdOrPath, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const { group, facts } = await this.groups.findReadable(actor, groupIdOrPath);
        if (!(0, policy_1.canEpic)(actor, 'create_epic', facts, null))
            throw new app_error_1.AppError('FORBIDDEN');
        return this.insert(actor, group, input);
    }
    /** The write of a new epic (callers have authorised it). */
    async insert(actor, group, input, m = null) {
        if (!input.title)
            throw new app_error_1.ValidationError({ title: ["can't be blank"] });
        const parentId = input.parentId ? await this.checkParent(actor, group, input.parentId, null) : null;
        this.checkDates(input.startDate ?? null, input.endDate ?? null);
        const write = async (q) => (0, epic_store_1.insertEpic)(q, {
            groupId: group.id,
            title: input.title,
            description: input.description ?? null,
            descriptionHtml: this.markdown.render(input.description ?? '', { groupPath: group.fullPath }),
            confidential: input.confidential ?? false,
            startDate: input.startDate ?? null,
            endDate: input.endDate ?? null,
            parentId,
            authorId: actor.id,
        });
        const id = m ? await write(m) : await this.ds.transaction((em) => write(em));
        return (await (0, epic_store_1.epicById)(m ?? this.ds, actor.id, id));
    }
    async update(actor, ge, input) {
        this.authorize(actor, 'admin_epic', ge.epic);
        const e = ge.epic;
        const sets = [];
        const values = [];
        const set = (col, v, cast = '') => {
            values.push(v);
            sets.push(`${col} = $${values.length}${cast}`);
        };
        if (input.title !== undefined) {
            if (!input.title)
                throw new app_error_1.ValidationError({ title: ["can't be blank"] });
            set('title', input.title);
        }
        if (input.description !== undefined) {
            set('description', input.description);
            set('description_html', this.markdown.render(input.description ?? '', { groupPath: ge.group.fullPath }));
        }
        if (input.confidential !== undefined)
            set('confidential', input.confidential);
        this.checkDates(input.startDate !== undefined ? input.startDate : e.startDate, input.endDate !== undefined ? input.endDate : e.endDate);
        if (input.startDate !== undefined)
            set('start_date', input.startDate, '::date');
        if (input.endDate !== undefined)
            set('end_date', input.endDate, '::date');
        if (input.parentId !== undefined)
            set('parent_id', input.parentId === null ? null : await this.checkParent(actor, ge.group, input.parentId, e.id));
        if (input.stateEvent === 'close' && e.state === 'opened')
            sets.push(`state = 'closed', closed_at = now()`);
        if (input.stateEvent === 'reopen' && e.state === 'closed')
            sets.push(`state = 'opened', closed_at = NULL`);
        if (sets.length) {
            values.push(e.id);
            await this.ds.query(`UPDATE epics SET ${sets.join(', ')}, updated_at = now() WHERE id = $${values.length}`, values);
        }
        return (await (0, epic_store_1.epicById)(this.ds, actor.id, e.id));
    }
    async destroy(actor, ge) {
        this.authorize(actor, 'destroy_epic', ge.epic);
        await this.ds.query('DELETE FROM epics WHERE id = $1', [ge.epic.id]);
    }
    /** A parent epic: readable, in the group or an ancestor, and not the epic itself or one of its children. */
    async checkParent(actor, group, parentId, selfId) {
        const parent = await (0, epic_store_1.epicById)(this.ds, actor.id, parentId);
        if (!parent || !EpicService_1.can(actor, 'read_epic', parent) || !(await (0, epic_store_1.ancestorGroupIds)(this.ds, group.id)).includes(parent.groupId))
            throw new app_error_1.ValidationError({ parent_id: ['is invalid'] });
        if (selfId !== null) {
            const rows = (await this.ds.query(`WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM epics WHERE id = $1 UNION ALL SELECT e.id, e.parent_id FROM epics e JOIN up ON e.id = up.parent_id)
         SELECT 1 FROM up WHERE id = $2 LIMIT 1`, [parentId, selfId]));
            if (rows.length)
                throw new app_error_1.ValidationError({ parent_id: ['is invalid'] });
        }
        return parent.id;
    }
    checkDates(start, end) {
        if (start && end && end < start)
            throw new app_error_1.ValidationError({ end_date: ['must be on or after the start date'] });
    }
};
exports.EpicService = EpicService;
exports.EpicService = EpicService = EpicService_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, group_service_1.GroupService,
        markdown_service_1.MarkdownService])
], EpicService);
//# sourceMappingURL=epic.service.js.map