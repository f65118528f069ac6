import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { INVITE_TEXTS, type UserBasic } from '@tandem/shared-types';
import { useDebouncedSearch } from '../../shared/search/useDebouncedSearch';
import { Avatar } from '../../shared/ui/Avatar';
import { searchUsers } from './inviteMembersApi';
import { emailTokenFrom, inviteeKey, type Invitee } from './inviteRules';

/** The user search waits for typing to pause. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/**
 * The member picker: users from the search, or a typed email address as a token (spec §5);
 * the chosen ones as removable tokens.
 */
export function MemberPicker({ open, invitees, onChange }: { open: boolean; invitees: Invitee[]; onChange(next: Invitee[]): void }) {
  const ids = { search: useId(), list: useId() };
  const [text, setText] = useState('');
  const email = emailTokenFrom(text);
  const typedEmail = email?.kind === 'email' ? email.email : null;
  const q = text.trim();
  const search = useDebouncedSearch<UserBasic[]>(open && q && !typedEmail ? q : null, searchUsers, { debounceMs: USER_SEARCH_DEBOUNCE_MS });
  const results = search.data ?? [];
  const searchError = search.error;

  const add = (i: Invitee) => {
    onChange(invitees.some((x) => inviteeKey(x) === inviteeKey(i)) ? invitees : [...invitees, i]);
    setText('');
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.search}>
        {INVITE_TEXTS.membersLabel}
      </label>
      {invitees.length > 0 && (
        <ul className="invite-tokens" aria-label="Chosen">
          {invitees.map((i) => (
            <li key={inviteeKey(i)} className="invite-token">
              {i.kind === 'user' ? `${i.user.name} @${i.user.username}` : i.email}
              <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Remove ${i.kind === 'user' ? i.user.username : i.email}`} onClick={() => onChange(invitees.filter((x) => inviteeKey(x) !== inviteeKey(i)))}>
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
  );
}
