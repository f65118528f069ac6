import { TEXTS } from '@tandem/shared-types';

/** The spec's locked_warning: someone else changed the issue (or epic) while this form was open; `path` is its page. */
export function LockedWarning({ type, path }: { type: 'issue' | 'epic'; path: string }) {
  const review = TEXTS.lockedWarningReview(type);
  const linkText = `the ${type}`;
  const at = review.indexOf(linkText);
  return (
    <div className="alert alert--warning" role="alert" data-testid="locked-warning">
      <div className="alert__body">
        {TEXTS.lockedWarning(type)}{' '}
        {at < 0 ? (
          review
        ) : (
          <>
            {review.slice(0, at)}
            <a href={path} target="_blank" rel="noopener">
              {linkText}
            </a>
            {review.slice(at + linkText.length)}
          </>
        )}
      </div>
    </div>
  );
}
