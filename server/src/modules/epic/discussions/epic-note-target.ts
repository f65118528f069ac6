import { Injectable } from '@nestjs/common';
import { epicNoteableAbilities, type EpicNoteFacts } from '../../../core/policy/epic-permissions';
import type { Actor, GroupFacts } from '../../../core/policy/policy';
import type { NoteTarget } from '../../note/note-target';
import type { User } from '../../user/user.entity';
import { epicNoteable } from '../epic.mapper';
import { EpicService, type GroupEpic } from '../epic.service';
import { applyEpicQuickActions } from './epic-quick-actions';

export const epicNoteFacts = (ge: GroupEpic): EpicNoteFacts => ({ confidential: ge.epic.confidential, authorId: ge.epic.authorId });
export const epicGroupFacts = (ge: GroupEpic): GroupFacts => EpicService.facts(ge.epic);

/** An epic as the note actions take it (NoteTarget): its stream, the group's rules, its quick actions. */
export interface EpicNoteTarget extends NoteTarget {
  epic: GroupEpic;
}

/** Finds epics as note targets: readable by the actor ("not found" otherwise), with the actor's row. */
@Injectable()
export class EpicNoteTargets {
  constructor(private readonly epics: EpicService) {}

  async find(actor: Actor | null, group: string | number, iid: number | null): Promise<EpicNoteTarget> {
    const ge = await this.epics.findReadable(actor, group, iid);
    return this.of(actor, ge, actor ? await this.epics.actorUser(actor) : null);
  }

  of(actor: Actor | null, ge: GroupEpic, actorUser: User | null): EpicNoteTarget {
    const e = ge.epic;
    const abilities = epicNoteableAbilities(actor, epicGroupFacts(ge), epicNoteFacts(ge));
    return {
      kind: 'target',
      epic: ge,
      noteable: epicNoteable(e),
      projectId: null,
      abilities,
      accessLevel: e.accessLevel,
      markdown: { groupPath: e.groupPath },
      labelProjectId: null,
      membership: { projectId: null, namespaceId: e.groupId },
      place: { type: 'Epic', projectPath: e.groupPath, projectId: null, iid: e.iid, issueId: e.id },
      actorUser,
      commands: (tx, a, commands) => applyEpicQuickActions(this.epics, tx, a, ge, commands, abilities.awardEmoji),
    };
  }
}
