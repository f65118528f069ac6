import type { ReactNode } from 'react';

interface SidebarBlockProps {
  title: string;
  icon: ReactNode;
  testId: string;
  /** An editable block's Edit/Done toggle; absent where the user may not (or cannot yet) change the field. */
  edit?: { open: boolean; onToggle(): void; label?: string };
  children: ReactNode;
}

/** One block of the sidebar: icon, title, the Edit toggle when editable, the value. */
export function SidebarBlock({ title, icon, testId, edit, children }: SidebarBlockProps) {
  return (
    <section className="sidebar-block" data-testid={testId} aria-label={title}>
      <div className="sidebar-block__head">
        <span className="sidebar-block__icon" aria-hidden="true">
          {icon}
        </span>
        <h2 className="sidebar-block__title">{title}</h2>
        {edit && (
          <button type="button" className="link-button sidebar-block__edit" aria-expanded={edit.open} onClick={edit.onToggle}>
            {edit.label ?? (edit.open ? 'Done' : 'Edit')}
          </button>
        )}
      </div>
      <div className="sidebar-block__value">{children}</div>
    </section>
  );
}
