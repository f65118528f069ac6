import { MessageSquare } from 'lucide-react';

/** A list row's comment count, muted at zero. */
export function CommentCount({ count }: { count: number }) {
  return (
    <span className={`meta-item ${count ? '' : 'muted'}`} title="Comments">
      <MessageSquare size={14} aria-hidden="true" /> <span className="visually-hidden">Comments: </span>
      {count}
    </span>
  );
}
