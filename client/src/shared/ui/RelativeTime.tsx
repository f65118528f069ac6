import { formatTimestamp, timeAgo } from '../time/formatTime';

/** A <time> showing "3 days ago", with the full timestamp on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatTimestamp(iso)}>
      {timeAgo(iso)}
    </time>
  );
}
