import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { connectionStateAtom, socketGivenUpAtom } from '../../realtime/realtimeAtoms';
import { issueAtomFamily } from '../issue/issueAtoms';
import { clearNoteDraft, noteDraftKey, readNoteDraft, writeNoteDraft } from './noteDrafts';
import { useNotesContext } from './NotesContext';
import { sendNote } from './sendNote';

/**
 * The state of a comment or reply form: its autosaved draft, the submit with a placeholder and
 * an idempotency key kept for the retry, and the text restored with the error on failure.
 */
export function useNoteForm(replyTo?: string) {
  const { issueKey, projectPath, iid, noteableId, paths, setError, setNotice } = useNotesContext();
  const draftKey = noteDraftKey(projectPath, iid, replyTo);
  const [text, setTextState] = useState(() => readNoteDraft(draftKey)?.text ?? '');
  const [submitting, setSubmitting] = useState(false);
  const connection = useAtomValue(connectionStateAtom, { store: appStore });
  // With the socket given up for good (a proxy without WebSockets) plain HTTP is the channel
  const givenUp = useAtomValue(socketGivenUpAtom, { store: appStore });
  // One key per comment: a retry of the same text after a failure reuses it
  const keyRef = useRef<string | null>(null);

  useEffect(() => {
    setTextState(readNoteDraft(draftKey)?.text ?? '');
  }, [draftKey]);

  const setText = (value: string) => {
    setTextState(value);
    const lock = appStore.get(issueAtomFamily(issueKey))?.lock_version ?? 0;
    writeNoteDraft(draftKey, { text: value, lock_version: lock });
  };

  /** Sends the text; resolves true when the form may clear (sent or queued). */
  async function submit(opts: { thread?: boolean; internal?: boolean } = {}): Promise<boolean> {
    const note = text;
    if (!note.trim() || submitting) return false;
    setSubmitting(true);
    setError(null);
    keyRef.current ??= crypto.randomUUID();
    const q = { key: keyRef.current, issueKey, note, thread: !!opts.thread, replyTo, ...(opts.internal ? { internal: true } : {}), created_at: new Date().toISOString() };
    const result = await sendNote(q, paths.createNote, noteableId, connection === 'open' || givenUp);
    setSubmitting(false);
    if (result.kind === 'refused') {
      // Placeholder gone; the text stays in the box with the spec's message
      setError(result.error);
      keyRef.current = null;
      return false;
    }
    // A comment of quick actions only stores no note: say what was applied
    if (result.kind === 'sent' && (!result.stored || result.messages.length)) setNotice(result.messages.join(' ') || DISCUSSION_TEXTS.commandsApplied);
    keyRef.current = null;
    setTextState('');
    clearNoteDraft(draftKey);
    return true;
  }

  return { text, setText, submitting, submit };
}
