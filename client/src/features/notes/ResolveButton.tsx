import { spriteIcon } from '../../shared/ui/Icon';
import type { ApiDiscussion } from '@tandem/shared-types';
import { useResolveDiscussion } from './useResolveDiscussion';

/** "Resolve thread" / "Unresolve thread" on a thread's first note. */
export function ResolveButton({ discussion }: { discussion: ApiDiscussion }) {
  const { busy, toggle } = useResolveDiscussion(discussion);
  const label = discussion.resolved ? 'Unresolve thread' : 'Resolve thread';
  return (
    <button type="button" className={`btn btn--icon btn--tertiary${discussion.resolved ? ' is-resolved' : ''}`} aria-label={label} title={label} disabled={busy} onClick={() => void toggle()}>
      {spriteIcon(discussion.resolved ? 'check-circle' : 'circle-dot', 14)}
    </button>
  );
}
