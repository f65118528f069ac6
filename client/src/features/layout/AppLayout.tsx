import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { UserMenu } from './UserMenu';
import { TodosNavLink } from '../todos/TodosNavLink';
import { EmailConfirmationNotice } from '../registration/EmailConfirmationNotice';

export interface Crumb {
  label: string;
  href?: string;
  /** Full page load (pages that need server-embedded data). */
  reload?: boolean;
  /** Shown after the label (a count). */
  extra?: ReactNode;
}

/** Top bar (logo, breadcrumb, user menu) and the page body. */
export function AppLayout({ crumbs = [], children, wide = false }: { crumbs?: Crumb[]; children: ReactNode; wide?: boolean }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="topbar">
        <Link to="/" className="topbar__brand" aria-label="Tandem home">
          <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <circle cx="12" cy="16" r="6" fill="none" stroke="var(--topbar-bg)" strokeWidth="3" />
            <circle cx="20" cy="16" r="6" fill="none" stroke="var(--topbar-bg)" strokeWidth="3" opacity=".75" />
          </svg>
          <span className="topbar__name">Tandem</span>
        </Link>
        {crumbs.length > 0 && (
          <nav className="breadcrumbs" aria-label="Breadcrumb">
            <ol>
              {crumbs.map((c, i) => (
                <li key={`${c.label}-${i}`}>
                  {i > 0 && <ChevronRight size={14} aria-hidden="true" className="breadcrumbs__sep" />}
                  {c.href && i < crumbs.length - 1 ? (
                    c.reload ? <a href={c.href}>{c.label}</a> : <Link to={c.href}>{c.label}</Link>
                  ) : (
                    <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
                  )}
                  {c.extra}
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="topbar__end">
          <TodosNavLink />
          <UserMenu />
        </div>
      </header>
      <main id="main" className={`page ${wide ? 'page--wide' : ''}`} tabIndex={-1}>
        <EmailConfirmationNotice />
        {children}
      </main>
    </>
  );
}

/** Breadcrumbs for a project path: each namespace, then the project. */
export function projectCrumbs(projectPath: string, projectName?: string): Crumb[] {
  const parts = projectPath.split('/');
  return parts.map((p, i) => ({
    label: i === parts.length - 1 && projectName ? projectName : p,
    href: i === parts.length - 1 ? `/${projectPath}/-/issues` : undefined,
  }));
}
