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
exports.IssuePeopleResolver = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const policy_1 = require("../../core/policy/policy");
const user_graphql_types_1 = require("../user/user.graphql-types");
const user_row_1 = require("../user/user.row");
const issue_graphql_types_1 = require("./issue.graphql-types");
/**
 * An issue's participants (GitLab's `Issue.participants`): the author, the assignees, then
 * whoever commented, in order of first involvement; internal notes' authors only for viewers
 * who may read internal notes.
 */
const PARTICIPANTS_SQL = `WITH involved AS (
    SELECT i.author_id AS id, 0 AS ord, 0 AS k FROM issues i WHERE i.id = $1
    UNION ALL SELECT ia.user_id, 1, ia.position FROM issue_assignees ia WHERE ia.issue_id = $1
    UNION ALL SELECT n.author_id, 2, n.id FROM notes n
      WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND NOT n.system AND (NOT n.internal OR $2::boolean))
  SELECT ${user_row_1.USER_COLUMNS}, min(v.ord * 2147483647::bigint + v.k) AS first FROM involved v JOIN users u ON u.id = v.id
  GROUP BY u.id ORDER BY first`;
let IssuePeopleResolver = class IssuePeopleResolver {
    ds;
    config;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    /** Policy: read_issue (checked when the issue was loaded); internal notes' authors need read_confidential_issues. */
    async participants(actor, i, args) {
        const id = (0, global_id_1.parseGlobalId)(i.id, ['Issue']);
        const rows = id === null ? [] : (await this.ds.query(PARTICIPANTS_SQL, [id, (0, policy_1.canProject)(actor, 'read_confidential_issues', i.projectFacts)]));
        return (0, connection_1.connectionOf)(rows.map((r) => (0, user_graphql_types_1.toUserType)((0, user_row_1.userFromRow)(r), this.config.publicUrl)), args);
    }
};
exports.IssuePeopleResolver = IssuePeopleResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => user_graphql_types_1.UserCoreConnection, { description: 'List of participants in the issue.' }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __param(2, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueType, connection_1.ConnectionArgs]),
    __metadata("design:returntype", Promise)
], IssuePeopleResolver.prototype, "participants", null);
exports.IssuePeopleResolver = IssuePeopleResolver = __decorate([
    (0, graphql_1.Resolver)(() => issue_graphql_types_1.IssueType),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], IssuePeopleResolver);
//# sourceMappingURL=issue-people.resolver.js.map