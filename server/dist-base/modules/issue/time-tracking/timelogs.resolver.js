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
exports.IssueTimelogsResolver = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const config_1 = require("../../../core/config/config");
const connection_1 = require("../../../core/graphql/connection");
const global_id_1 = require("../../../core/graphql/global-id");
const issue_graphql_types_1 = require("../issue.graphql-types");
const timelog_finder_1 = require("./timelog.finder");
const timelog_graphql_types_1 = require("./timelog.graphql-types");
/** `Issue.timelogs`, beside the issue's own resolver (the time-tracking slice). */
let IssueTimelogsResolver = class IssueTimelogsResolver {
    finder;
    config;
    constructor(finder, config) {
        this.finder = finder;
        this.config = config;
    }
    /** Policy: read_issue (already checked when the issue was loaded). */
    async timelogs(i, args) {
        const id = (0, global_id_1.parseGlobalId)(i.id, ['Issue']);
        const rows = await this.finder.forIssue(id);
        return (0, connection_1.connectionOf)(rows.map((t) => (0, timelog_graphql_types_1.toTimelogType)(t, this.config.publicUrl)), args);
    }
};
exports.IssueTimelogsResolver = IssueTimelogsResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => timelog_graphql_types_1.TimelogConnection, { description: 'Time logged on the issue, oldest first.' }),
    __param(0, (0, graphql_1.Parent)()),
    __param(1, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [issue_graphql_types_1.IssueType, connection_1.ConnectionArgs]),
    __metadata("design:returntype", Promise)
], IssueTimelogsResolver.prototype, "timelogs", null);
exports.IssueTimelogsResolver = IssueTimelogsResolver = __decorate([
    (0, graphql_1.Resolver)(() => issue_graphql_types_1.IssueType),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [timelog_finder_1.TimelogFinder, Object])
], IssueTimelogsResolver);
//# sourceMappingURL=timelogs.resolver.js.map