import type { ApiAwardEmoji, NoteAward, UserBasic } from '@tandem/shared-types';

/** An award as the finder reads it: the row and its user. */
export interface AwardRecord {
  id: number;
  name: string;
  awardableType: 'Issue' | 'Note' | 'Epic';
  awardableId: number;
  createdAt: Date;
  updatedAt: Date;
  user: UserBasic;
}

/** The page's shape (NoteEntity award_emoji): name and who. */
export function toNoteAward(a: Pick<AwardRecord, 'name' | 'user'>): NoteAward {
  return { name: a.name, user: { id: a.user.id, name: a.user.name, username: a.user.username } };
}

/** REST v4 AwardEmoji. */
export function toApiAwardEmoji(a: AwardRecord): ApiAwardEmoji {
  return {
    id: a.id,
    name: a.name,
    user: a.user,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    awardable_id: a.awardableId,
    awardable_type: a.awardableType,
  };
}
