import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { ACCESS_LEVEL, ACCESS_LEVEL_NAMES, INVITE_TEXTS, todayIso, type UserBasic } from '@tandem/shared-types';
import { Avatar } from '../../shared/ui/Avatar';
import { addMemberById, inviteByEmail, searchUsers, type InviteOutcome } from './inviteMembersApi';
import { canSubmitInvite, emailTokenFrom, inviteeKey, type Invitee } from './inviteRules';
import './inviteMembers.css';

/** The user search waits for typing to pause. */
export const USER_SEARCH_DEBOUNCE_MS = 250;
const ROLES = [ACCESS_LEVEL.GUEST, ACCESS_LEVEL.REPORTER, ACCESS_LEVEL.DEVELOPER, ACCESS_LEVEL.MAINTAINER, ACCESS_LEVEL.OWNER];

interface InviteMembersModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectPath: string;
  projectName: string;
  /** After sending: the toast's text (spec §8). */
  onDone(message: string): void;
}

/**
 * Invite members (spec: Invite-members modal): users from the search or typed email addresses,
 * a role, an optional expiry (not in the past), Cancel / Invite (disabled until someone is
 * chosen). Users become members at once (members API); addresses get an invitation mail.
 */
export function InviteMembersModal({ open, onOpenChange, projectPath, projectName, onDone }: InviteMembersModalProps) {
  const ids = { search: useId(), role: useId(), expires: useId(), list: useId() };
  const [text, setText] = useState('');
  const [results, setResults] = useState<UserBasic[]>([]);
  const [searchError, setSearchError] = useState(false);
  const [invitees, setInvitees] = useState<Invitee[]>([]);
  const [level, setLevel] = useState<number>(ACCESS_LEVEL.GUEST);
  const [expiresAt, setExpiresAt] = useState('');
  const [busy, setBusy] = useState(false);
  const email = emailTokenFrom(text);
  const typedEmail = email?.kind === 'email' ? email.email : null;

  useEffect(() => {
    const q = text.trim();
    if (!open || !q || typedEmail) {
      setResults((r) => (r.length ? [] : r));
      return;
    }
    const ctl = new AbortController();
    const t = setTimeout(() => {
      searchUsers(q, ctl.signal)
        .then((users) => {
          setSearchError(false);
          setResults(users);
        })
        .catch(() => {
          if (!ctl.signal.aborted) setSearchError(true);
        });
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [text, open, typedEmail]);

  const reset = () => {
    setText('');
    setResults([]);
    setInvitees([]);
    setLevel(ACCESS_LEVEL.GUEST);
    setExpiresAt('');
  };
  const add = (i: Invitee) => {
    setInvitees((list) => (list.some((x) => inviteeKey(x) === inviteeKey(i)) ? list : [...list, i]));
    setText('');
    setResults([]);
  };

  async function send() {
    setBusy(true);
    const expiry = expiresAt || null;
    let outcomes: InviteOutcome[];
    try {
      outcomes = await Promise.all(
        invitees.map((i) => (i.kind === 'user' ? addMemberById(projectPath, i.user.id, level, expiry) : inviteByEmail(projectPath, i.email, level, expiry))),
      );
    } catch {
      outcomes = [{ ok: false, message: null }];
    }
    setBusy(false);
    const failed = outcomes.find((o): o is { ok: false; message: string | null } => !o.ok);
    onDone(failed ? (failed.message ?? INVITE_TEXTS.failure) : INVITE_TEXTS.success);
    reset();
    onOpenChange(false);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog invite-modal" aria-describedby={`${ids.list}-intro`}>
          <Dialog.Title className="dialog__title">{INVITE_TEXTS.titleMembers}</Dialog.Title>
          <p id={`${ids.list}-intro`}>{INVITE_TEXTS.introMembers(projectName, 'project')}</p>
          <div className="field">
            <label className="field__label" htmlFor={ids.search}>
              {INVITE_TEXTS.membersLabel}
            </label>
            {invitees.length > 0 && (
              <ul className="invite-tokens" aria-label="Chosen">
                {invitees.map((i) => (
                  <li key={inviteeKey(i)} className="invite-token">
                    {i.kind === 'user' ? `${i.user.name} @${i.user.username}` : i.email}
                    <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Remove ${i.kind === 'user' ? i.user.username : i.email}`} onClick={() => setInvitees((l) => l.filter((x) => inviteeKey(x) !== inviteeKey(i)))}>
                      <X size={12} aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <input
              id={ids.search}
              className="input"
              placeholder={INVITE_TEXTS.membersPlaceholder}
              autoComplete="off"
              role="combobox"
              aria-expanded={Boolean(email || results.length)}
              aria-controls={ids.list}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (email) add(email);
                  else if (results[0]) add({ kind: 'user', user: results[0] });
                }
              }}
            />
            <ul id={ids.list} role="listbox" className="invite-options">
              {email && email.kind === 'email' && (
                <li role="option" aria-selected={false} className="invite-option" onClick={() => add(email)}>
                  {INVITE_TEXTS.emailToken(email.email)}
                </li>
              )}
              {results.map((u) => (
                <li key={u.id} role="option" aria-selected={false} className="invite-option" onClick={() => add({ kind: 'user', user: u })}>
                  <Avatar user={u} size={20} decorative /> {u.name} <span className="muted">@{u.username}</span>
                </li>
              ))}
              {!email && text.trim() && !results.length && !searchError && <li className="muted invite-option--empty">{INVITE_TEXTS.noMatches}</li>}
            </ul>
            {searchError && <p className="field-error">{INVITE_TEXTS.userSearchFailed}</p>}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.role}>
              {INVITE_TEXTS.roleLabel}
            </label>
            <select id={ids.role} className="input" value={level} onChange={(e) => setLevel(Number(e.target.value))}>
              {ROLES.map((l) => (
                <option key={l} value={l}>
                  {ACCESS_LEVEL_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.expires}>
              {INVITE_TEXTS.expiresLabel}
            </label>
            <input id={ids.expires} className="input" type="date" placeholder={INVITE_TEXTS.expiresPlaceholder} min={todayIso()} value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
          </div>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                {INVITE_TEXTS.cancel}
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn--confirm" disabled={busy || !canSubmitInvite(invitees, expiresAt)} onClick={() => void send()}>
              {INVITE_TEXTS.invite}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
