import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { NoteFinder } from './note.finder';
import { NoteWriter } from './note-writer';
import { NoteTargetRegistry } from './note-target-registry';

/** Notes: reading (NoteFinder), writing inside a caller's transaction (NoteWriter), the one note shape (note.mapper). */
@Module({ imports: [MarkdownModule], providers: [NoteFinder, NoteWriter, NoteTargetRegistry], exports: [NoteFinder, NoteWriter, NoteTargetRegistry] })
export class NoteModule {}
