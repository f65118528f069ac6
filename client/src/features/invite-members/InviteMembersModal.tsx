import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ACCESS_LEVEL, ACCESS_LEVEL_NAMES, INVITE_TEXTS, PERMISSIONS_HELP_PATH, todayIso, type ApiGroup } from '@tandem/shared-types';
import { GroupPicker } from './GroupPicker';
import { addMemberById, inviteByEmail, shareWithGroup, type InviteOutcome, type InviteSource } from './inviteMembersApi';
import { canSubmitGroupInvite, canSubmitInvite, type Invitee } from './inviteRules';
import { MemberPicker } from './MemberPicker';
import './inviteMembers.css';

export { USER_SEARCH_DEBOUNCE_MS } from './MemberPicker';
const ROLES = [ACCESS_LEVEL.GUEST, ACCESS_LEVEL.REPORTER, ACCESS_LEVEL.DEVELOPER, ACCESS_LEVEL.MAINTAINER, ACCESS_LEVEL.OWNER];

/** Spec: the modal opens for members or for a group ('members' | 'group'). */
export type InviteeType = 'members' | 'group';

interface InviteMembersModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What is invited to: the intro names it, the requests go to its members API. */
  source: InviteSource;
  /** Which tab opens first (default members). */
  inviteeType?: InviteeType;
  /** After sending: the toast's text (spec §8). */
  onDone(message: string): void;
}

/**
 * Invite members or a group (spec: Invite-members modal). Members: users from the search or
 * typed email addresses; a group: one group from the group search, shared with the project
 * (Tandem shares projects with groups, not groups with groups: a group source has the member
 * tab only). Then a role with 'Read more about role permissions', an optional expiry (not in
 * the past), Cancel / Invite (disabled until someone or a group is chosen). The title follows
 * the tab: 'Invite members' or 'Invite a group'; the intro names the project or group.
 */
export function InviteMembersModal({ open, onOpenChange, source, inviteeType = 'members', onDone }: InviteMembersModalProps) {
  const ids = { role: useId(), expires: useId(), intro: useId() };
  const canShare = source.type === 'project';
  const [type, setType] = useState<InviteeType>(canShare ? inviteeType : 'members');
  const [invitees, setInvitees] = useState<Invitee[]>([]);
  const [group, setGroup] = useState<ApiGroup | null>(null);
  const [level, setLevel] = useState<number>(ACCESS_LEVEL.GUEST);
  const [expiresAt, setExpiresAt] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setType(canShare ? inviteeType : 'members');
  }, [open, inviteeType, canShare]);

  const reset = () => {
    setInvitees([]);
    setGroup(null);
    setLevel(ACCESS_LEVEL.GUEST);
    setExpiresAt('');
  };

  async function send() {
    setBusy(true);
    const expiry = expiresAt || null;
    let outcomes: InviteOutcome[];
    try {
      outcomes =
        type === 'group'
          ? [await shareWithGroup(source.path, group!.id, level, expiry)]
          : await Promise.all(invitees.map((i) => (i.kind === 'user' ? addMemberById(source, i.user.id, level, expiry) : inviteByEmail(source, i.email, level, expiry))));
    } catch {
      outcomes = [{ ok: false, message: null }];
    }
    setBusy(false);
    const failed = outcomes.find((o): o is { ok: false; message: string | null } => !o.ok);
    onDone(failed ? (failed.message ?? INVITE_TEXTS.failure) : INVITE_TEXTS.success);
    reset();
    onOpenChange(false);
  }

  const ready = type === 'group' ? canSubmitGroupInvite(group !== null, expiresAt) : canSubmitInvite(invitees, expiresAt);
  const tab = (t: InviteeType, label: string) => (
    <button type="button" role="tab" aria-selected={type === t} className={`invite-tab${type === t ? ' invite-tab--active' : ''}`} onClick={() => setType(t)}>
      {label}
    </button>
  );

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
        <Dialog.Content className="dialog invite-modal" aria-describedby={ids.intro}>
          <Dialog.Title className="dialog__title">{type === 'group' ? INVITE_TEXTS.titleGroup : INVITE_TEXTS.titleMembers}</Dialog.Title>
          {canShare && (
            <div role="tablist" className="invite-tabs">
              {tab('members', INVITE_TEXTS.tabMembers)}
              {tab('group', INVITE_TEXTS.tabGroup)}
            </div>
          )}
          <p id={ids.intro}>{type === 'group' ? INVITE_TEXTS.introGroup(source.name, source.type) : INVITE_TEXTS.introMembers(source.name, source.type)}</p>
          {type === 'group' ? <GroupPicker open={open} group={group} onChange={setGroup} /> : <MemberPicker open={open} invitees={invitees} onChange={setInvitees} />}
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
            <a className="invite-modal__help" href={PERMISSIONS_HELP_PATH} target="_blank" rel="noopener noreferrer">
              {INVITE_TEXTS.readMore}
            </a>
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
            <button type="button" className="btn btn--confirm" disabled={busy || !ready} onClick={() => void send()}>
              {INVITE_TEXTS.invite}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
