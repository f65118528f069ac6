import { useCallback, useState } from 'react';

/**
 * Runs one of the merge request sidebar's mutations (which answer with their errors): `saving`
 * while it runs, `error` the block's failure text when it refused or could not be reached, and
 * `onSaved` (the page reads the merge request again) when it saved. Resolves true when saved.
 */
export function useMergeRequestSave(failureText: string, onSaved: () => void, withDetail = false) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (mutation: () => Promise<string[]>): Promise<boolean> => {
      setSaving(true);
      setError(null);
      try {
        const errors = await mutation();
        if (errors.length) {
          setError(withDetail ? `${failureText} ${errors.join(' ')}`.trim() : failureText);
          return false;
        }
        onSaved();
        return true;
      } catch {
        setError(failureText);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [failureText, onSaved, withDetail],
  );
  return { run, saving, error, setError };
}
