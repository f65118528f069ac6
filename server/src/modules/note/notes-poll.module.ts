import { Module } from '@nestjs/common';
import { AwardModule } from '../award/award.module';
import { IssueModule } from '../issue/issue.module';
import { ProjectModule } from '../project/project.module';
import { NoteModule } from './note.module';
import { NotesPollController } from './notes-poll.controller';

/** The page's notes polling endpoint: notes (NoteModule) of a noteable the actor may read (IssueModule). */
@Module({ imports: [NoteModule, IssueModule, ProjectModule, AwardModule], controllers: [NotesPollController] })
export class NotesPollModule {}
