import { Module } from '@nestjs/common';
import { JobsModule } from '../../core/jobs/jobs.module';
import { RealtimeCoreModule } from '../../core/realtime/realtime-core.module';
import { NoteModule } from '../note/note.module';
import { NoteEventAudience } from '../note/note-event-audience';
import { EVENT_AUDIENCE } from '../../core/realtime/event-audience';
import { HistoryCheckpointJob } from './history-checkpoint.job';
import { HistoryService } from './history.service';
import { HistoryStore } from './history.store';

/**
 * The history of noteables (issue #26): the log read page by page for one viewer, GitLab's
 * resource events derived from it, their compaction before the log is pruned, and the
 * checkpoints kept in the background (HistoryCheckpointJob). The modules
 * that mount a noteable type's routes (noteableControllersFor) import it.
 */
@Module({
  imports: [RealtimeCoreModule, NoteModule, JobsModule],
  providers: [HistoryStore, HistoryService, HistoryCheckpointJob, { provide: EVENT_AUDIENCE, useExisting: NoteEventAudience }],
  exports: [HistoryService],
})
export class HistoryModule {}
