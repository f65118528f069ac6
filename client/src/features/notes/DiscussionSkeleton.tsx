import { DISCUSSION_LIMITS } from '@tandem/shared-types';

/** The loading placeholder: 1 to 3 lines, sized by the page's prerendered notes count (spec §2). */
export function DiscussionSkeleton({ count }: { count: number }) {
  const lines = Math.max(1, Math.min(DISCUSSION_LIMITS.skeletonMaxLines, count));
  return (
    <ul className="discussion-skeleton" aria-busy="true" aria-label="Loading activity" data-testid="notes-skeleton">
      {Array.from({ length: lines }, (_, i) => (
        <li key={i} className="discussion-skeleton__item">
          <span className="discussion-skeleton__avatar" />
          <span className="discussion-skeleton__lines">
            <span />
            <span />
          </span>
        </li>
      ))}
    </ul>
  );
}
