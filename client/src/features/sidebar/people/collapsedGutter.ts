import { useCallback, useEffect, useState } from 'react';
import { COLLAPSED_GUTTER_COOKIE } from '@tandem/shared-types';

/** Below this width the sidebar is a drawer (pages.css), and the gutter counts as collapsed. */
export const NARROW_QUERY = '(max-width: 767px)';

export function readCollapsedGutter(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((c) => c.trim() === `${COLLAPSED_GUTTER_COOKIE}=true`);
}

export function writeCollapsedGutter(collapsed: boolean): void {
  document.cookie = `${COLLAPSED_GUTTER_COOKIE}=${collapsed}; path=/; max-age=31536000; SameSite=Lax`;
}

/**
 * The right sidebar's collapsed state, kept in the `collapsed_gutter` cookie (spec §2, §4);
 * a window that becomes narrow stores it collapsed, as GitLab does.
 */
export function useCollapsedGutter(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => readCollapsedGutter());
  useEffect(() => {
    const mq = window.matchMedia?.(NARROW_QUERY);
    if (!mq) return;
    const onChange = () => {
      if (mq.matches) writeCollapsedGutter(true);
    };
    onChange();
    mq.addEventListener?.('change', onChange);
    return () => mq.removeEventListener?.('change', onChange);
  }, []);
  const toggle = useCallback(() => {
    setCollapsed((c) => {
      writeCollapsedGutter(!c);
      return !c;
    });
  }, []);
  return [collapsed, toggle];
}
