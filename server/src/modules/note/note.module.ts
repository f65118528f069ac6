import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { NoteFinder } from './note.finder';
import { NoteWriter } from './note-writer';

/** Notes: reading (NoteFinder), writing inside a caller's transaction (NoteWriter), the one note shape (note.mapper). */
@Module({ imports: [MarkdownModule], providers: [NoteFinder, NoteWriter], exports: [NoteFinder, NoteWriter] })
export class NoteModule {}
