import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { NoteFinder } from './note.finder';
import { NoteWriter } from './note-writer';
import { NoteTargetRegistry } from './note-target-registry';
import { CrossReferenceVisibility } from './cross-reference-visibility';
import { NoteEventAudience } from './note-event-audience';

/**
 * Notes: reading (NoteFinder), writing inside a caller's transaction (NoteWriter), the one note
 * shape (note.mapper), and who may see a note that names another issue or epic
 * (CrossReferenceVisibility, which the issue and epic modules feed; NoteEventAudience applies it
 * to the live stream).
 */
@Module({
  imports: [MarkdownModule],
  providers: [NoteFinder, NoteWriter, NoteTargetRegistry, CrossReferenceVisibility, NoteEventAudience],
  exports: [NoteFinder, NoteWriter, NoteTargetRegistry, CrossReferenceVisibility, NoteEventAudience],
})
export class NoteModule {}
