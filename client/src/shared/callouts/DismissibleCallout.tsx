import type { ReactNode } from 'react';
import { Alert } from '../ui/Alert';
import { useCalloutDismissal, type CalloutOptions } from './calloutDismissal';

interface DismissibleCalloutProps extends CalloutOptions {
  /** The callout's id (its cookie's name): lower-case letters, digits and underscores. */
  id: string;
  variant: 'warning' | 'info' | 'success';
  children: ReactNode;
  testId?: string;
}

/**
 * A callout its reader can close for good (spec discussions §9: the dismissal cookie lasts
 * 365 days unless session-only; optionally path-scoped to the project), as GitLab's UserCallout.
 */
export function DismissibleCallout({ id, variant, children, testId, sessionOnly, projectPath }: DismissibleCalloutProps) {
  const [dismissed, dismiss] = useCalloutDismissal(id, { sessionOnly, projectPath });
  if (dismissed) return null;
  return (
    <Alert variant={variant} testId={testId} onDismiss={dismiss}>
      {children}
    </Alert>
  );
}
