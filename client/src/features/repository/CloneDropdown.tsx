import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import { CLONE_TEXTS, cloneUrl, type CloneOption } from '@tandem/shared-types';
import { CopyButton } from '../../shared/ui/CopyButton';
import './cloneDropdown.css';

/**
 * The clone dropdown (spec issue-page.md): the offered options switch the displayed clone URL;
 * the copy button copies the one shown. Tandem serves git over HTTP only, so the options are
 * the HTTP URL and, for a signed-in user, the same URL with their username in it.
 */
export function CloneDropdown({ httpUrl, username }: { httpUrl: string; username: string | null }) {
  const [option, setOption] = useState<CloneOption>('http');
  const url = cloneUrl(httpUrl, option, username);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="btn clone-dropdown__toggle" data-testid="clone-dropdown">
          {CLONE_TEXTS.button} <ChevronDown size={14} aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu clone-dropdown" align="end" sideOffset={4} aria-label={CLONE_TEXTS.heading}>
          <DropdownMenu.Label className="clone-dropdown__heading">{CLONE_TEXTS.heading}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={option} onValueChange={(v) => setOption(v as CloneOption)} aria-label={CLONE_TEXTS.options}>
            <CloneChoice value="http" label={CLONE_TEXTS.http} />
            {username && <CloneChoice value="http_username" label={CLONE_TEXTS.httpWithUsername} />}
          </DropdownMenu.RadioGroup>
          <div className="clone-dropdown__url">
            <input className="input" readOnly value={url} aria-label={CLONE_TEXTS.urlLabel} data-testid="clone-url" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton text={url} label={CLONE_TEXTS.copy} />
          </div>
          <p className="muted clone-dropdown__help">{CLONE_TEXTS.help}</p>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function CloneChoice({ value, label }: { value: CloneOption; label: string }) {
  return (
    // Choosing an option switches the URL and keeps the menu open, so it can be copied
    <DropdownMenu.RadioItem className="menu__item clone-dropdown__option" value={value} onSelect={(e) => e.preventDefault()}>
      <DropdownMenu.ItemIndicator className="clone-dropdown__check">
        <Check size={14} aria-hidden="true" />
      </DropdownMenu.ItemIndicator>
      {label}
    </DropdownMenu.RadioItem>
  );
}
