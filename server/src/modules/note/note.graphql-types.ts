import { Field, InputType, ObjectType } from '@nestjs/graphql';
import type { ApiDiscussion, ApiNote, UserBasic } from '@tandem/shared-types';
import { Connection } from '../../core/graphql/connection';
import { toGlobalId } from '../../core/graphql/global-id';
import { TimeScalar } from '../../core/graphql/scalars';
import { UserType } from '../user/user.graphql-types';
import { DiscussionIDScalar, NoteableIDScalar, NoteIDScalar } from './note-gid.scalars';
import { DiffImagePositionInput, DiffPositionInput, DiffPositionObject, toDiffPositionObject } from './diff-note.graphql-types';

/** GitLab's NotePermissions. */
@ObjectType('NotePermissions')
export class NotePermissionsType {
  @Field() adminNote!: boolean;
  @Field() awardEmoji!: boolean;
  @Field() createNote!: boolean;
  @Field() readNote!: boolean;
  @Field() resolveNote!: boolean;
}

/** GitLab's Note (types/notes/note_type.rb), the fields an issue page reads. */
@ObjectType('Note')
export class NoteType {
  @Field(() => NoteIDScalar) id!: string;
  @Field() body!: string;
  @Field() bodyHtml!: string;
  @Field() system!: boolean;
  @Field(() => String, { nullable: true }) systemNoteIconName!: string | null;
  @Field() internal!: boolean;
  @Field() confidential!: boolean;
  @Field(() => UserType, { nullable: true }) author!: UserType | null;
  @Field(() => TimeScalar) createdAt!: string;
  @Field(() => TimeScalar) updatedAt!: string;
  @Field(() => TimeScalar, { nullable: true }) lastEditedAt!: string | null;
  @Field(() => UserType, { nullable: true }) lastEditedBy!: UserType | null;
  @Field() resolvable!: boolean;
  @Field() resolved!: boolean;
  @Field(() => TimeScalar, { nullable: true }) resolvedAt!: string | null;
  @Field(() => UserType, { nullable: true }) resolvedBy!: UserType | null;
  @Field(() => String, { nullable: true }) url!: string | null;
  /** The note's discussion, as a Discussion global id. */
  @Field(() => DiscussionIDScalar) discussionId!: string;
  @Field(() => NotePermissionsType) userPermissions!: NotePermissionsType;
  /** A DiffNote's place in the merge request's diff (null for other notes). */
  @Field(() => DiffPositionObject, { nullable: true }) position!: DiffPositionObject | null;
}

@ObjectType('NoteConnection')
export class NoteConnection extends Connection(NoteType, 'Note') {}

/** GitLab's Discussion (types/notes/discussion_type.rb). */
@ObjectType('Discussion')
export class DiscussionType {
  @Field(() => DiscussionIDScalar) id!: string;
  @Field(() => DiscussionIDScalar) replyId!: string;
  @Field(() => TimeScalar) createdAt!: string;
  @Field() resolvable!: boolean;
  @Field() resolved!: boolean;
  @Field(() => TimeScalar, { nullable: true }) resolvedAt!: string | null;
  @Field(() => UserType, { nullable: true }) resolvedBy!: UserType | null;
  /** Resolved as a NoteConnection (DiscussionResolver). */
  noteNodes!: NoteType[];
}

@ObjectType('DiscussionConnection')
export class DiscussionConnection extends Connection(DiscussionType, 'Discussion') {}

@InputType('CreateNoteInput')
export class CreateNoteInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => NoteableIDScalar, { description: 'Global ID of the resource to add a note to.' }) noteableId!: string;
  @Field() body!: string;
  @Field(() => Boolean, { nullable: true, defaultValue: false }) internal?: boolean | null;
  @Field(() => DiscussionIDScalar, { nullable: true, description: 'Global ID of the discussion the note is in reply to.' }) discussionId?: string | null;
  @Field(() => String, { nullable: true }) mergeRequestDiffHeadSha?: string | null;
}

@InputType('UpdateNoteInput')
export class UpdateNoteInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => NoteIDScalar) id!: string;
  @Field(() => String, { nullable: true }) body?: string | null;
}

@InputType('DestroyNoteInput')
export class DestroyNoteInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => NoteIDScalar) id!: string;
}

@InputType('DiscussionToggleResolveInput')
export class DiscussionToggleResolveInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => DiscussionIDScalar) id!: string;
  @Field() resolve!: boolean;
}

@ObjectType('QuickActionsStatus')
export class QuickActionsStatusType {
  @Field(() => [String], { nullable: true }) messages!: string[] | null;
  @Field(() => [String], { nullable: true }) errorMessages!: string[] | null;
}

@ObjectType({ isAbstract: true })
abstract class NotePayloadBase {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => NoteType, { nullable: true }) note!: NoteType | null;
  @Field(() => [String]) errors!: string[];
}

@ObjectType('CreateNotePayload')
export class CreateNotePayload extends NotePayloadBase {
  @Field(() => QuickActionsStatusType, { nullable: true }) quickActionsStatus!: QuickActionsStatusType | null;
}
@ObjectType('UpdateNotePayload')
export class UpdateNotePayload extends NotePayloadBase {
  @Field(() => QuickActionsStatusType, { nullable: true }) quickActionsStatus!: QuickActionsStatusType | null;
}
@ObjectType('DestroyNotePayload')
export class DestroyNotePayload extends NotePayloadBase {}

@ObjectType('DiscussionToggleResolvePayload')
export class DiscussionToggleResolvePayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => DiscussionType, { nullable: true }) discussion!: DiscussionType | null;
  @Field(() => [String]) errors!: string[];
}

function userType(u: UserBasic | null): UserType | null {
  if (!u) return null;
  const webPath = `/${u.username}`;
  return { id: toGlobalId('User', u.id), username: u.username, name: u.name, avatarUrl: u.avatar_url, webUrl: u.web_url, webPath, state: u.state };
}

export function toNoteType(n: ApiNote): NoteType {
  const cu = n.current_user;
  return {
    id: toGlobalId('Note', n.id),
    body: n.note,
    bodyHtml: n.note_html,
    system: n.system,
    systemNoteIconName: n.system_note_icon_name,
    internal: n.internal,
    confidential: n.internal,
    author: userType(n.author),
    createdAt: n.created_at,
    updatedAt: n.updated_at,
    lastEditedAt: n.last_edited_at,
    lastEditedBy: userType(n.last_edited_by),
    resolvable: n.resolvable,
    resolved: n.resolved,
    resolvedAt: n.resolved_at,
    resolvedBy: userType(n.resolved_by),
    url: n.noteable_note_url,
    discussionId: toGlobalId('Discussion', n.discussion_id),
    position: n.position ? toDiffPositionObject(n.position) : null,
    userPermissions: {
      adminNote: cu?.can_edit ?? false,
      awardEmoji: cu?.can_award_emoji ?? false,
      createNote: true,
      readNote: true,
      resolveNote: cu?.can_resolve ?? false,
    },
  };
}

export function toDiscussionType(d: ApiDiscussion): DiscussionType {
  const notes = d.notes.map(toNoteType);
  return {
    id: toGlobalId('Discussion', d.id),
    replyId: toGlobalId('Discussion', d.reply_id),
    createdAt: d.created_at,
    resolvable: d.resolvable,
    resolved: d.resolved,
    resolvedAt: d.resolved_at,
    resolvedBy: userType(d.resolved_by),
    noteNodes: notes,
  };
}

@InputType('CreateDiffNoteInput')
export class CreateDiffNoteInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => NoteableIDScalar, { description: 'Global ID of the resource to add a note to.' }) noteableId!: string;
  @Field() body!: string;
  @Field(() => DiffPositionInput) position!: DiffPositionInput;
  @Field(() => Boolean, { nullable: true }) internal?: boolean | null;
}

@ObjectType('CreateDiffNotePayload')
export class CreateDiffNotePayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => NoteType, { nullable: true }) note!: NoteType | null;
  @Field(() => [String]) errors!: string[];
}

@InputType('CreateImageDiffNoteInput')
export class CreateImageDiffNoteInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => NoteableIDScalar, { description: 'Global ID of the resource to add a note to.' }) noteableId!: string;
  @Field() body!: string;
  @Field(() => DiffImagePositionInput) position!: DiffImagePositionInput;
  @Field(() => Boolean, { nullable: true }) internal?: boolean | null;
}

@ObjectType('CreateImageDiffNotePayload')
export class CreateImageDiffNotePayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => NoteType, { nullable: true }) note!: NoteType | null;
  @Field(() => [String]) errors!: string[];
}
