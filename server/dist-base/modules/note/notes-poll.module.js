"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.NotesPollModule = void 0;
const common_1 = require("@nestjs/common");
const award_module_1 = require("../award/award.module");
const issue_module_1 = require("../issue/issue.module");
const project_module_1 = require("../project/project.module");
const note_module_1 = require("./note.module");
const notes_poll_controller_1 = require("./notes-poll.controller");
/** The page's notes polling endpoint: notes (NoteModule) of a noteable the actor may read (IssueModule). */
let NotesPollModule = class NotesPollModule {
};
exports.NotesPollModule = NotesPollModule;
exports.NotesPollModule = NotesPollModule = __decorate([
    (0, common_1.Module)({ imports: [note_module_1.NoteModule, issue_module_1.IssueModule, project_module_1.ProjectModule, award_module_1.AwardModule], controllers: [notes_poll_controller_1.NotesPollController] })
], NotesPollModule);
//# sourceMappingURL=notes-poll.module.js.map