import { useState } from 'react';
import { X } from 'lucide-react';
import { INVITE_TEXTS, type UserBasic } from '@tandem/shared-types';
import { useDebouncedSearch } from '../../shared/search/useDebouncedSearch';
import { Avatar } from '../../shared/ui/Avatar';
import { ComboboxList } from '../../shared/ui/ComboboxList';
import { searchUsers } from './inviteMembersApi';
import { emailTokenFrom, inviteeKey, type Invitee } from './inviteRules';

/** The user search waits for typing to pause. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/**
 * The member picker: users from the search, or a typed email address as a token (spec §5);
 * the chosen ones as removable tokens.
 */
export function MemberPicker({ open, invitees, onChange }: { open: boolean; invitees: Invitee[]; onChange(next: Invitee[]): void }) {
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
      <ComboboxList<Invitee>
        inputLabel={INVITE_TEXTS.membersLabel}
        visibleLabel
        inputClassName="input"
        placeholder={INVITE_TEXTS.membersPlaceholder}
        listLabel={INVITE_TEXTS.membersLabel}
        items={email && email.kind === 'email' ? [email] : results.map((user): Invitee => ({ kind: 'user', user }))}
        itemKey={inviteeKey}
        itemLabel={(i) => (i.kind === 'user' ? `${i.user.name} @${i.user.username}` : INVITE_TEXTS.emailToken(i.email))}
        isChosen={(i) => invitees.some((x) => inviteeKey(x) === inviteeKey(i))}
        renderItem={(i) =>
          i.kind === 'user' ? (
            <span>
              <Avatar user={i.user} size={20} decorative /> {i.user.name} <span className="muted">@{i.user.username}</span>
            </span>
          ) : (
            INVITE_TEXTS.emailToken(i.email)
          )
        }
        inputValue={text}
        onInputValueChange={setText}
        onSelect={add}
        multiple
        busy={search.loading}
        autoFocus={false}
        highlightFirst
      >
        {!email && q && !results.length && !searchError && !search.loading && <p className="muted invite-option--empty">{INVITE_TEXTS.noMatches}</p>}
      </ComboboxList>
      {searchError && <p className="field-error">{INVITE_TEXTS.userSearchFailed}</p>}
    </div>
  );
}
