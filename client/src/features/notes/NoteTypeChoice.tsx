import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';

/** The split button's menu: a comment (default) or a thread others can reply to and resolve. */
export function NoteTypeChoice({ thread, disabled, onChange }: { thread: boolean; disabled?: boolean; onChange(thread: boolean): void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="btn btn--confirm btn--sm split-button__toggle" aria-label="Comment type" disabled={disabled}>
          <ChevronDown size={14} aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu note-type-menu" align="start" sideOffset={4}>
          <DropdownMenu.RadioGroup value={thread ? 'thread' : 'comment'} onValueChange={(v) => onChange(v === 'thread')}>
            <DropdownMenu.RadioItem className="menu__item note-type-menu__item" value="comment">
              <DropdownMenu.ItemIndicator className="note-type-menu__check">
                <Check size={14} aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
              <strong>Comment</strong>
              <span className="note-type-menu__desc">Add a general comment to this issue.</span>
            </DropdownMenu.RadioItem>
            <DropdownMenu.RadioItem className="menu__item note-type-menu__item" value="thread">
              <DropdownMenu.ItemIndicator className="note-type-menu__check">
                <Check size={14} aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
              <strong>Start thread</strong>
              <span className="note-type-menu__desc">Discuss a specific suggestion or question that needs to be resolved.</span>
            </DropdownMenu.RadioItem>
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
