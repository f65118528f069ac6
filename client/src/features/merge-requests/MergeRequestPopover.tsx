import { useEffect, useState } from 'react';
import { MERGE_REQUEST_LIMITS, MERGE_REQUEST_STATE_LABELS as STATE, MERGE_REQUEST_TEXTS as T, type ApiMergeRequest } from '@tandem/shared-types';
import { projectApiPath, requestJson } from '../../shared/api/http';
import { timeAgo } from '../../shared/time/formatTime';
import './mergeRequests.css';

const MR_HREF = /^\/(.+)\/-\/merge_requests\/(\d+)\/?$/;

interface Shown {
  mr: ApiMergeRequest;
  projectPath: string;
  top: number;
  left: number;
}

/**
 * The merge request popover (spec sidebar-and-widgets.md): hovering a `!N` reference in rendered
 * markdown for 200 ms shows the state, "Opened {time}", the title and `path!iid`; it goes on
 * mouse leave. No pipeline status: Tandem has no CI.
 */
export function MergeRequestPopover() {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let current: HTMLAnchorElement | null = null;
    const over = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a.gfm-merge_request') as HTMLAnchorElement | null;
      if (!a || a === current) return;
      current = a;
      const m = MR_HREF.exec(new URL(a.href, window.location.origin).pathname);
      if (!m) return;
      const [, projectPath, iid] = m;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        void requestJson<ApiMergeRequest>(`${projectApiPath(decodeURIComponent(projectPath!))}/merge_requests/${iid}`).then((res) => {
          if (!res.ok || current !== a) return;
          const r = a.getBoundingClientRect();
          setShown({ mr: res.data, projectPath: decodeURIComponent(projectPath!), top: r.bottom + window.scrollY + 4, left: r.left + window.scrollX });
        });
      }, MERGE_REQUEST_LIMITS.popoverDelayMs);
    };
    const out = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a.gfm-merge_request');
      if (!a || a !== current) return;
      current = null;
      if (timer) clearTimeout(timer);
      setShown(null);
    };
    document.addEventListener('mouseover', over);
    document.addEventListener('mouseout', out);
    return () => {
      document.removeEventListener('mouseover', over);
      document.removeEventListener('mouseout', out);
      if (timer) clearTimeout(timer);
    };
  }, []);
  if (!shown) return null;
  const { mr } = shown;
  return (
    <div className="mr-popover" role="tooltip" data-testid="mr-popover" style={{ position: 'absolute', top: shown.top, left: shown.left }}>
      <div>
        <span className={`mr-state-badge mr-state-${mr.state}`}>{STATE[mr.state]}</span> {T.opened(timeAgo(mr.created_at))}
      </div>
      <strong>{mr.title}</strong>
      <div className="mr-popover-ref">{`${shown.projectPath}!${mr.iid}`}</div>
    </div>
  );
}
