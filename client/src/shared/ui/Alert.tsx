import type { ReactNode } from 'react';

/** An inline message; danger and warning variants are announced at once (role=alert). */
export function Alert({ variant, children, onDismiss, testId }: { variant: 'danger' | 'warning' | 'info' | 'success'; children: ReactNode; onDismiss?: () => void; testId?: string }) {
  const urgent = variant === 'danger' || variant === 'warning';
  return (
    <div className={`alert alert--${variant}`} role={urgent ? 'alert' : 'status'} data-testid={testId}>
      <div className="alert__body">{children}</div>
      {onDismiss && (
        <button type="button" className="btn btn--icon btn--tertiary alert__dismiss" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
