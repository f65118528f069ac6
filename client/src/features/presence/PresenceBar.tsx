import { useAtomValue } from 'jotai';
import { PRESENCE_TEXTS } from '@tandem/shared-types';
import { Avatar } from '../../shared/ui/Avatar';
import { presenceAtomFamily } from './presenceAtoms';
import { summarize } from './presenceModel';
import './presence.css';

/** The people on the issue now (not the viewer), and who is editing the description. Absent when alone. */
export function PresenceBar({ issueKey, selfId }: { issueKey: string; selfId: number | null }) {
  const { viewers, editing } = summarize(useAtomValue(presenceAtomFamily(issueKey)), selfId);
  if (!viewers.length) return null;
  return (
    <div className="presence-bar" data-testid="presence-bar">
      <span className="presence-bar__label">{PRESENCE_TEXTS.viewingNow}</span>
      <ul className="presence-bar__avatars" aria-label={PRESENCE_TEXTS.viewingNow}>
        {viewers.map((u) => (
          <li key={u.id} data-testid="presence-viewer" data-username={u.username}>
            <Avatar user={u} size={24} />
          </li>
        ))}
      </ul>
      <span className="presence-bar__activity" aria-live="polite" data-testid="presence-editing">
        {editing.map((name) => PRESENCE_TEXTS.editingDescription(name)).join(' · ')}
      </span>
    </div>
  );
}

/** "<name> is typing…" for the discussion's comment form; empty when nobody types. */
export function TypingIndicator({ issueKey, selfId }: { issueKey: string; selfId: number | null }) {
  const { typing } = summarize(useAtomValue(presenceAtomFamily(issueKey)), selfId);
  return (
    <p className="presence-typing" aria-live="polite" data-testid="presence-typing">
      {typing.length ? PRESENCE_TEXTS.typing(typing) : ''}
    </p>
  );
}
