import { useEffect } from 'react';

/** A short message at the bottom of the screen that leaves by itself (or on a click). */
export function Toast({ message, onDone, ms = 5000 }: { message: string | null; onDone(): void; ms?: number }) {
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(onDone, ms);
    return () => clearTimeout(t);
  }, [message, onDone, ms]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message && (
        <button type="button" className="toast" onClick={onDone} data-testid="toast">
          {message}
        </button>
      )}
    </div>
  );
}
