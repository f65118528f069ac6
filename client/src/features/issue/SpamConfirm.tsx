import { useState } from 'react';
import { ABUSE_TEXTS as T } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { markIssueAsSpam } from '../abuse/abuseApi';

/** Submit as spam (admins): confirm, POST {issue}/mark_as_spam, then leave for the issue list. */
export function SpamConfirm({ open, endpoint, onOpenChange }: { open: boolean; endpoint: string; onOpenChange(open: boolean): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={open}
      title={T.submitSpam}
      message={
        <>
          <p>{T.spamConfirm}</p>
          {error && (
            <p role="alert" className="text-danger">
              {error}
            </p>
          )}
        </>
      }
      confirmLabel={T.submitSpam}
      danger
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        setError(null);
        markIssueAsSpam(endpoint)
          .then((res) => {
            if (res.ok) window.location.assign(res.data?.web_url ?? '/');
            else setError(errorText(res.data, T.spamFailed));
          })
          .catch(() => setError(T.spamFailed))
          .finally(() => setBusy(false));
      }}
      onOpenChange={(o) => {
        setError(null);
        onOpenChange(o);
      }}
    />
  );
}
