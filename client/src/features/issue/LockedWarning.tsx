import { TEXTS } from '@tandem/shared-types';

/** The spec's locked_warning: someone else changed the issue while this form was open. */
export function LockedWarning({ issuePath }: { issuePath: string }) {
  const review = TEXTS.lockedWarningReview('issue');
  const linkText = 'the issue';
  const at = review.indexOf(linkText);
  return (
    <div className="alert alert--warning" role="alert" data-testid="locked-warning">
      <div className="alert__body">
        {TEXTS.lockedWarning('issue')}{' '}
        {at < 0 ? (
          review
        ) : (
          <>
            {review.slice(0, at)}
            <a href={issuePath} target="_blank" rel="noopener">
              {linkText}
            </a>
            {review.slice(at + linkText.length)}
          </>
        )}
      </div>
    </div>
  );
}
