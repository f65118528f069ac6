import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Avatar } from '../../shared/ui/Avatar';
import { currentUserAtom } from '../session/sessionAtoms';
import { signInHref, signOut } from '../session/signOut';
import { NOTIFICATION_SETTINGS_TEXTS, USER_STATUS_TEXTS } from '@tandem/shared-types';
import { SetStatusDialog } from '../user-status/SetStatusDialog';

/** The signed-in user's avatar menu, or a Sign in link for visitors. */
export function UserMenu() {
  const user = useAtomValue(currentUserAtom);
  const [statusOpen, setStatusOpen] = useState(false);
  if (!user) {
    return (
      <a className="btn btn--confirm btn--small" href={signInHref()}>
        Sign in
      </a>
    );
  }
  return (
    <>
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="topbar__user" aria-label={`User menu for ${user.name}`}>
          <Avatar user={user} size={28} decorative />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu__label">
            <strong>{user.name}</strong>
            <span className="muted">@{user.username}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => setStatusOpen(true)}>
            {USER_STATUS_TEXTS.menuItem}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" asChild>
            <Link to="/-/user_settings/personal_access_tokens">Access tokens</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" asChild>
            <Link to="/-/profile/notifications">{NOTIFICATION_SETTINGS_TEXTS.menuItem}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => void signOut()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
    <SetStatusDialog open={statusOpen} onOpenChange={setStatusOpen} />
    </>
  );
}
