import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { RealtimeNote, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Issue } from '../issue/issue.entity';
import type { Project } from '../project/project.entity';
import { User } from '../user/user.entity';
import { toUserBasic } from '../user/user.mapper';
import { Note } from './note.entity';

/** A new 40-hex discussion id (GitLab's shape). */
export const newDiscussionId = () => createHash('sha1').update(randomBytes(20)).digest('hex');

@Injectable()
export class NoteService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly markdown: MarkdownService,
  ) {}

  /** A system note ("closed", "changed the description"), written in the caller's transaction. */
  /** Inserts system notes (one statement for all of them), in order. */
  async createSystemNotes(m: EntityManager, issue: Issue, project: Project, authorId: number, notes: ReadonlyArray<{ body: string; icon: string }>): Promise<Note[]> {
    if (!notes.length) return [];
    const repo = m.getRepository(Note);
    return repo.save(
      notes.map((n) =>
        repo.create({
          noteableType: 'Issue',
          noteableId: issue.id,
          projectId: project.id,
          authorId,
          note: n.body,
          noteHtml: this.markdown.render(n.body, { projectPath: project.fullPath }),
          type: null,
          discussionId: newDiscussionId(),
          system: true,
          systemNoteIconName: n.icon,
          internal: false,
          resolvable: false,
        }),
      ),
    );
  }

  toRealtime(n: Note, author: UserBasic, issue: Issue): RealtimeNote {
    return {
      id: n.id,
      type: n.type,
      body: n.note,
      note_html: n.noteHtml,
      author,
      created_at: n.createdAt.toISOString(),
      updated_at: n.updatedAt.toISOString(),
      system: n.system,
      system_note_icon_name: n.systemNoteIconName,
      noteable_id: n.noteableId,
      noteable_type: n.noteableType,
      noteable_iid: issue.iid,
      discussion_id: n.discussionId,
      internal: n.internal,
      confidential: n.internal,
      resolvable: n.resolvable,
      resolved: n.resolvedAt !== null,
    };
  }

  /** Notes of an issue changed since `sinceMs` (µs precision kept by the caller), oldest first. */
  async changedSince(issue: Issue, since: Date, limit: number, includeInternal: boolean): Promise<Note[]> {
    const qb = this.ds
      .getRepository(Note)
      .createQueryBuilder('n')
      .where(`n.noteable_type = 'Issue' AND n.noteable_id = :id AND n.updated_at > :since`, { id: issue.id, since })
      .orderBy('n.updated_at', 'ASC')
      .addOrderBy('n.id', 'ASC')
      .limit(limit);
    if (!includeInternal) qb.andWhere('NOT n.internal');
    return qb.getMany();
  }

  async listForIssue(issue: Issue, includeInternal: boolean): Promise<Note[]> {
    const qb = this.ds
      .getRepository(Note)
      .createQueryBuilder('n')
      .where(`n.noteable_type = 'Issue' AND n.noteable_id = :id`, { id: issue.id })
      .orderBy('n.created_at', 'ASC')
      .addOrderBy('n.id', 'ASC');
    if (!includeInternal) qb.andWhere('NOT n.internal');
    return qb.getMany();
  }

  async authors(notes: Note[]): Promise<Map<number, UserBasic>> {
    const ids = [...new Set(notes.map((n) => n.authorId).filter((x): x is number => x !== null))];
    if (!ids.length) return new Map();
    const users = await this.ds.getRepository(User).createQueryBuilder('u').whereInIds(ids).getMany();
    return new Map(users.map((u) => [u.id, toUserBasic(u, this.config.publicUrl)]));
  }
}
