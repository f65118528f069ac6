import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { USER_STATUS_CLEAR_AFTER, USER_STATUS_CLEAR_AFTER_DEFAULT, USER_STATUS_TEXTS as T, type ApiUserStatus, type UserStatusClearAfter } from '@tandem/shared-types';
import { errorText, requestJson } from '../../shared/api/http';
import { EmojiPicker } from '../awards/EmojiPicker';
import { Alert } from '../../shared/ui/Alert';
import { UserStatusEmoji } from '../../shared/emoji/UserStatusEmoji';

interface SetStatusDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

const MESSAGE_MAX = 100;

/**
 * GitLab's "Set status" dialog (user menu): an emoji, a message, busy, and when it clears
 * itself (the spec's durations, 8 hours by default), saved with PUT /api/v4/user/status.
 * Opens with the current status; "Remove status" clears it.
 */
export function SetStatusDialog({ open, onOpenChange }: SetStatusDialogProps) {
  const [emoji, setEmoji] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [clearAfter, setClearAfter] = useState<UserStatusClearAfter>(USER_STATUS_CLEAR_AFTER_DEFAULT);
  const [hasStatus, setHasStatus] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setClearAfter(USER_STATUS_CLEAR_AFTER_DEFAULT);
    void requestJson<ApiUserStatus>('/api/v4/user/status').then((r) => {
      if (!r.ok) return;
      setEmoji(r.data.emoji);
      setMessage(r.data.message ?? '');
      setBusy(r.data.availability === 'busy');
      setHasStatus(!!(r.data.emoji || r.data.message || r.data.availability === 'busy'));
    });
  }, [open]);

  const save = async (body: Record<string, unknown>) => {
    setSaving(true);
    setError(null);
    try {
      const r = await requestJson<unknown>('/api/v4/user/status', { method: 'PUT', body });
      if (r.ok) onOpenChange(false);
      else setError(errorText(r.data, T.failed));
    } catch {
      setError(T.failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog__title">{T.title}</Dialog.Title>
          <form
            className="dialog__body set-status"
            onSubmit={(e) => {
              e.preventDefault();
              void save({ emoji, message: message.trim() || null, availability: busy ? 'busy' : 'not_set', clear_status_after: clearAfter });
            }}
          >
            <div className="set-status__message">
              {emoji && (
                <button type="button" className="link-button" aria-label={T.removeEmoji} onClick={() => setEmoji(null)}>
                  <UserStatusEmoji status={{ emoji, message: null }} />
                </button>
              )}
              <EmojiPicker label={T.emoji} onSelect={setEmoji} disabled={saving} />
              <input type="text" aria-label={T.message} placeholder={T.messagePlaceholder} maxLength={MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
            </div>
            <label>
              <input type="checkbox" checked={busy} onChange={(e) => setBusy(e.target.checked)} /> {T.busy}
              <span className="muted"> {T.busyHelp}</span>
            </label>
            <label>
              {T.clearAfter}{' '}
              <select value={clearAfter} onChange={(e) => setClearAfter(e.target.value as UserStatusClearAfter)}>
                {USER_STATUS_CLEAR_AFTER.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
            {error && <Alert variant="danger">{error}</Alert>}
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  Cancel
                </button>
              </Dialog.Close>
              {hasStatus && (
                <button type="button" className="btn" disabled={saving} onClick={() => void save({ emoji: null, message: null, availability: 'not_set' })}>
                  {T.remove}
                </button>
              )}
              <button type="submit" className="btn btn--confirm" disabled={saving}>
                {T.save}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
