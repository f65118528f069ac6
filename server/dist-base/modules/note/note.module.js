"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.NoteModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../../core/markdown/markdown.module");
const note_finder_1 = require("./note.finder");
const note_writer_1 = require("./note-writer");
/** Notes: reading (NoteFinder), writing inside a caller's transaction (NoteWriter), the one note shape (note.mapper). */
let NoteModule = class NoteModule {
};
exports.NoteModule = NoteModule;
exports.NoteModule = NoteModule = __decorate([
    (0, common_1.Module)({ imports: [markdown_module_1.MarkdownModule], providers: [note_finder_1.NoteFinder, note_writer_1.NoteWriter], exports: [note_finder_1.NoteFinder, note_writer_1.NoteWriter] })
], NoteModule);
//# sourceMappingURL=note.module.js.map