"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AbuseModule = void 0;
const common_1 = require("@nestjs/common");
const issue_module_1 = require("../issue/issue.module");
const abuse_controller_1 = require("./abuse.controller");
const mark_issue_as_spam_1 = require("./actions/mark-issue-as-spam");
const report_abuse_1 = require("./actions/report-abuse");
/** Abuse reports and spam: the issue header's Report abuse and Submit as spam, the admins' list. */
let AbuseModule = class AbuseModule {
};
exports.AbuseModule = AbuseModule;
exports.AbuseModule = AbuseModule = __decorate([
    (0, common_1.Module)({
        imports: [issue_module_1.IssueModule],
        controllers: [abuse_controller_1.AbuseController],
        providers: [report_abuse_1.ReportAbuseAction, mark_issue_as_spam_1.MarkIssueAsSpamAction],
    })
], AbuseModule);
//# sourceMappingURL=abuse.module.js.map