import { useId, useState } from 'react';
import { DISCUSSION_TEXTS, type NoteAward } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { awardTooltip } from './awardTooltip';
import { awardableKey, awardsAtomFamily, groupAwards, seedAwards, setAward, toggleAward, type AwardableType, type AwardUser } from './awardsAtoms';
import { postAwardToggle } from './awardsApi';
import { COMMON_EMOJI } from '../../shared/emoji/emojiData';
import { Emoji } from '../../shared/emoji/Emoji';
import { EmojiPicker } from './EmojiPicker';
import { useEmojiData } from '../../shared/emoji/useEmojiData';
import './awards.css';
import { useStoreValue } from '../../shared/useStoreValue';

export interface AwardsBarProps {
  awardableType: AwardableType;
  awardableId: number | string;
  /** The page's awards (IssuePageData.awards, a note's award_emoji): seeds the shared store once. */
  awards: NoteAward[];
  /** The viewer may react (signed in and allowed: can_award_emoji / canAwardEmoji). */
  canAward: boolean;
  /** noteablePaths().issueAward or .noteAward(noteId) */
  toggleUrl: string;
  currentUser: AwardUser | null;
}

/**
 * The emoji reactions of an issue or a note: each emoji with its count (pressed when the viewer
 * reacted), the names in a tooltip, a click toggles (optimistic; rolled back with the spec's
 * message when the server refuses) and the add-reaction menu. Live changes arrive through
 * awardsAtomFamily (awardEvents.ts).
 */
export function AwardsBar({ awardableType, awardableId, awards: seed, canAward, toggleUrl, currentUser }: AwardsBarProps) {
  const key = awardableKey(awardableType, awardableId);
  useState(() => seedAwards(appStore, key, seed));
  const awards = useStoreValue(awardsAtomFamily(key)) ?? seed;
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const viewerId = currentUser?.id ?? null;
  const enabled = canAward && currentUser !== null;
  const grouped = groupAwards(awards, viewerId);
  // The issue (and the epic) always offers thumbs up and down, at zero (GitLab's issue and epic pages)
  const groups =
    awardableType !== 'Note'
      ? [
          ...['thumbsup', 'thumbsdown'].map((name) => grouped.find((g) => g.name === name) ?? { name, users: [], mine: false }),
          ...grouped.filter((g) => g.name !== 'thumbsup' && g.name !== 'thumbsdown'),
        ]
      : grouped;
  const needsData = groups.some((g) => !COMMON_EMOJI[g.name]);
  const { data } = useEmojiData(needsData);
  const tipPrefix = useId();

  // Spec: the awards block is hidden when empty (a viewer who may react still gets the add button and the thumbs)
  if (!grouped.length && !enabled) return null;

  async function toggle(name: string) {
    if (!enabled || !currentUser || busy.has(name)) return;
    const a = awardsAtomFamily(key);
    const { awards: next, removedOpposite, on } = toggleAward(appStore.get(a) ?? seed, name, currentUser);
    appStore.set(a, next);
    setError(null);
    setBusy((b) => new Set(b).add(name));
    try {
      // One request: the server removes the opposite thumb in the same statement (and says so live)
      if (!(await postAwardToggle(toggleUrl, name))) {
        appStore.set(a, (cur) => {
          const undone = setAward(cur ?? [], name, currentUser, !on);
          return removedOpposite ? setAward(undone, removedOpposite, currentUser, true) : undone;
        });
        setError(DISCUSSION_TEXTS.awardFailed);
      }
    } finally {
      setBusy((b) => {
        const n = new Set(b);
        n.delete(name);
        return n;
      });
    }
  }

  return (
    <div className="awards-bar" data-testid={`awards-${awardableType.toLowerCase()}`}>
      <div className="awards-bar__list" role="group" aria-label="Reactions">
        {groups.map((g, i) => {
          const tip = g.users.length ? awardTooltip(g.users, viewerId) : `:${g.name}:`;
          const tipId = `${tipPrefix}-${i}`;
          const unicode = COMMON_EMOJI[g.name] ?? data?.byName.get(g.name)?.unicode;
          return (
            <span className="award-wrap" key={g.name}>
              <button
                type="button"
                className={`btn award-button${g.mine ? ' award-button--mine' : ''}`}
                aria-pressed={g.mine}
                aria-label={`${g.name.replace(/_/g, ' ')}: ${g.users.length}`}
                aria-describedby={tipId}
                disabled={!enabled}
                data-testid={`award-${g.name}`}
                onClick={() => void toggle(g.name)}
              >
                <span className="award-button__emoji" aria-hidden="true">
                  {unicode ? <Emoji unicode={unicode} name={g.name} /> : `:${g.name}:`}
                </span>
                <span className="award-button__count">{g.users.length}</span>
              </button>
              <span role="tooltip" id={tipId} className="award-tooltip" data-testid={`award-tooltip-${g.name}`}>
                {tip}
              </span>
            </span>
          );
        })}
        {enabled && <EmojiPicker onSelect={(name) => void toggle(name)} />}
      </div>
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)} testId="award-error">
          {error}
        </Alert>
      )}
    </div>
  );
}
