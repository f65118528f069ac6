import { useRef, type CSSProperties, type MouseEvent } from 'react';
import { DIFF_TEXTS, DISCUSSION_TEXTS, isImagePosition, type ApiDiscussion, type ApiDraftNote, type ApiImageDiffPosition } from '@tandem/shared-types';
import { PendingDraft } from '../review/PendingDraft';
import { ReviewCommentForm } from '../review/ReviewCommentForm';
import { LineThreads, positionOf, type ThreadReview } from './DiffNotes';
import { badgeStyle, imagePointOf, type ImagePoint } from './imagePoint';

/** An image file's diff notes (GitLab's image diff overlay and its discussions list). */
export interface ImageNotes {
  /** The image's threads on the diff shown, in the order they were started: badge 1, 2, … */
  threads: readonly ApiDiscussion[];
  /** The viewer's pending new threads on this image. */
  drafts: readonly ApiDraftNote[];
  review: ThreadReview | null;
  /** The point the open comment form is on. */
  open: ImagePoint | null;
  /** Opens the comment form at a point (absent: the viewer may not comment). */
  onComment?: (point: ImagePoint) => void;
  onClose: () => void;
  positionFor: (point: ImagePoint) => ApiImageDiffPosition;
}

/** Which of an image's threads the viewer folded by their badge. */
export interface ThreadToggle {
  hidden: ReadonlySet<string>;
  toggle: (discussionId: string) => void;
}

/**
 * The badges of an image's threads over the image (a layer its size, `style` giving that size
 * where the image is not its parent's only content), and the point the open form is on.
 */
export function ImageBadges({ notes, fold, style }: { notes: ImageNotes; fold: ThreadToggle; style?: CSSProperties }) {
  return (
    <div className="image-badges" style={style} data-testid="image-badges">
      {notes.threads.map((d, i) => {
        const p = positionOf(d);
        if (!isImagePosition(p)) return null;
        return (
          <button
            key={d.id}
            type="button"
            className="image-badge"
            style={badgeStyle(p)}
            aria-label={DIFF_TEXTS.imageBadge(i + 1)}
            aria-expanded={!fold.hidden.has(d.id)}
            // The swipe frame drags on pointer down: a badge is a button, not a handle
            onPointerDown={(e) => e.stopPropagation()}
            onClick={(e) => {
              e.stopPropagation();
              fold.toggle(d.id);
            }}
            data-testid="image-badge"
            data-discussion-id={d.id}
          >
            {i + 1}
          </button>
        );
      })}
      {/* The viewer's pending comments, numbered after the threads (GitLab's image discussions with drafts) */}
      {notes.review &&
        notes.drafts.map((x, j) =>
          isImagePosition(x.position) ? (
            <span key={`draft-${x.id}`} className="image-badge is-draft" style={badgeStyle(x.position)} aria-hidden="true" data-testid="image-draft-badge">
              {notes.threads.length + j + 1}
            </span>
          ) : null,
        )}
      {notes.open && <span className="image-badge is-new" style={badgeStyle(notes.open)} aria-hidden="true" data-testid="image-comment-point" />}
    </div>
  );
}

/**
 * An image that takes a comment where it is clicked (GitLab's image overlay: a button over the
 * image), with its threads' badges over it; from the keyboard the button comments on its centre.
 */
export function CommentableImage({ src, alt, notes, fold }: { src: string; alt: string; notes?: ImageNotes; fold: ThreadToggle }) {
  const img = useRef<HTMLImageElement>(null);
  if (!notes) return <img src={src} alt={alt} />;
  const comment = notes.onComment;
  const at = (e: MouseEvent<HTMLButtonElement>) => {
    const rect = img.current!.getBoundingClientRect();
    // A click has a pointer; Enter or Space (detail 0) takes the centre
    const keyboard = e.detail === 0;
    comment!(imagePointOf(keyboard ? rect.left + rect.width / 2 : e.clientX, keyboard ? rect.top + rect.height / 2 : e.clientY, rect));
  };
  return (
    <div className={comment ? 'image-frame is-commentable' : 'image-frame'} data-testid="image-frame">
      {comment ? (
        <button type="button" className="image-comment-area" aria-label={DIFF_TEXTS.commentOnImage} title={DIFF_TEXTS.commentOnImage} onClick={at}>
          <img ref={img} src={src} alt={alt} data-testid="image-commentable" />
        </button>
      ) : (
        <img src={src} alt={alt} />
      )}
      <ImageBadges notes={notes} fold={fold} />
    </div>
  );
}

/** The image's threads under it, each with its badge's number (a folded one shows its first note's author and text), its pending drafts and the open comment form. */
export function ImageThreadList({ notes, fold }: { notes: ImageNotes; fold: ThreadToggle }) {
  const { review } = notes;
  const pending = review ? notes.drafts : [];
  if (!notes.threads.length && !pending.length && !(notes.open && review)) return null;
  return (
    <div className="image-threads" data-testid="image-threads">
      {notes.threads.length > 0 && (
        <ol className="image-thread-list">
          {notes.threads.map((d, i) => {
            const shown = !fold.hidden.has(d.id);
            const first = d.notes[0];
            return (
              <li key={d.id} className="image-thread" data-testid="image-thread" data-badge={i + 1} data-discussion-id={d.id}>
                <button type="button" className="image-badge is-static" aria-label={DIFF_TEXTS.imageBadge(i + 1)} aria-expanded={shown} onClick={() => fold.toggle(d.id)} data-testid="image-thread-badge">
                  {i + 1}
                </button>
                {shown ? (
                  <LineThreads threads={[d]} review={review} />
                ) : (
                  <button type="button" className="btn-link image-thread-folded" onClick={() => fold.toggle(d.id)} data-testid="image-thread-folded">
                    {first ? `${first.author?.name ?? DISCUSSION_TEXTS.deletedUser}: ${first.note}` : ''}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {review && pending.length > 0 && (
        <ol className="image-thread-list">
          {pending.map((d, j) => (
            <li key={d.id} className="image-thread" data-testid="image-draft" data-badge={notes.threads.length + j + 1}>
              <span className="image-badge is-static is-draft" aria-hidden="true">
                {notes.threads.length + j + 1}
              </span>
              <PendingDraft draft={d} projectPath={review.projectPath} iid={review.iid} onChange={() => review.onChange('draft')} />
            </li>
          ))}
        </ol>
      )}
      {review && notes.open && (
        <ReviewCommentForm
          // Another click moves the point; the text stays (one form per image)
          projectPath={review.projectPath}
          iid={review.iid}
          position={notes.positionFor(notes.open)}
          pendingCount={review.drafts.length}
          label={DIFF_TEXTS.commentOnImage}
          onCancel={notes.onClose}
          onDone={(kind) => {
            notes.onClose();
            review.onChange(kind);
          }}
        />
      )}
    </div>
  );
}
