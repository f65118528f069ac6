import { COMMON_EMOJI } from './emojiData';
import { Emoji } from './Emoji';
import { useEmojiData } from './useEmojiData';

/**
 * A user's status emoji beside their name (GitLab's user status), its message as the tooltip
 * and accessible name. Common emoji paint at once; others once the emoji data has loaded.
 */
export function UserStatusEmoji({ status }: { status: { emoji: string | null; message: string | null } | null }) {
  const emoji = status?.emoji ?? null;
  const { data } = useEmojiData(!!emoji && !COMMON_EMOJI[emoji]);
  const char = emoji ? (COMMON_EMOJI[emoji] ?? data?.byName.get(emoji)?.unicode) : undefined;
  if (!char) return null;
  const label = status?.message ? `Status: ${status.message}` : 'Status';
  return (
    <span className="user-status-emoji" data-testid="user-status-emoji" role="img" aria-label={label} title={status?.message ?? undefined}>
      <Emoji unicode={char} name={emoji!} />
    </span>
  );
}
