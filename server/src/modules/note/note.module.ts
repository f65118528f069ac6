import { Module } from '@nestjs/common';
import { NoteFinder } from './note.finder';
import { NoteWriter } from './note-writer';
import { NotesPollController } from './notes-poll.controller';

/**
 * Notes: reading (NoteFinder), writing inside a caller's transaction (NoteWriter), the one
 * note shape (note.mapper) and the notes polling endpoint. The poll controller reads the
 * project and issue through ProjectService and IssueService (DomainModule, global today).
 */
@Module({
  controllers: [NotesPollController],
  providers: [NoteFinder, NoteWriter],
  exports: [NoteFinder, NoteWriter],
})
export class NoteModule {}
