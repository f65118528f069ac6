import { useEffect, useRef, type ReactNode } from 'react';

interface SidebarBlockProps {
  title: string;
  icon: ReactNode;
  testId: string;
  /** An editable block's Edit/Done toggle; absent where the user may not (or cannot yet) change the field. */
  edit?: { open: boolean; onToggle(): void; /** Overrides Edit/Done (the assignees' 'Apply' when changed). */ label?: string };
  /** What the block shows while the sidebar is collapsed, under its icon (and its tooltip); without it, the icon alone. */
  collapsed?: { text: string; tooltip?: string; /** An icon beside the text (a merge request's people: some cannot merge). */ warning?: ReactNode };
  children: ReactNode;
}

/**
 * One block of the sidebar: icon, title, the Edit toggle when editable, the value; collapsed, the icon and its summary. When its
 * editor closes (Escape, a choice, Done) while focus was in it, focus returns to Edit.
 */
export function SidebarBlock({ title, icon, testId, edit, collapsed, children }: SidebarBlockProps) {
  const section = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const open = edit?.open ?? false;
  useEffect(() => {
    if (wasOpen.current && !open) {
      const active = document.activeElement;
      // focus left with the closed editor (on body) or is still inside this block
      if (!active || active === document.body || section.current?.contains(active)) button.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);
  return (
    <section ref={section} className="sidebar-block" data-testid={testId} aria-label={title}>
      <div className="sidebar-block__head">
        <span className="sidebar-block__icon" aria-hidden="true">
          {icon}
        </span>
        <h2 className="sidebar-block__title">{title}</h2>
        {edit && (
          <button ref={button} type="button" className="link-button sidebar-block__edit" aria-expanded={edit.open} onClick={edit.onToggle}>
            {edit.label ?? (edit.open ? 'Done' : 'Edit')}
          </button>
        )}
      </div>
      {collapsed && (
        <div className="sidebar-block__collapsed" data-testid={`${testId}-collapsed`} title={collapsed.tooltip ?? `${title}: ${collapsed.text}`}>
          {collapsed.text}
          {collapsed.warning}
        </div>
      )}
      <div className="sidebar-block__value">{children}</div>
    </section>
  );
}
