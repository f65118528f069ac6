import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Prev/Next paging driven by GitLab's X-Page / X-Next-Page / X-Prev-Page headers. */
export function Pagination({ page, nextPage, prevPage, total, onPage }: { page: number; nextPage: number | null; prevPage: number | null; total: number | null; onPage(page: number): void }) {
  if (!nextPage && !prevPage) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <button type="button" className="btn" disabled={!prevPage} onClick={() => prevPage && onPage(prevPage)}>
        <ChevronLeft size={16} aria-hidden="true" /> Prev
      </button>
      <span className="pagination__page" aria-live="polite">
        Page {page}
        {total !== null ? ` · ${total} total` : ''}
      </span>
      <button type="button" className="btn" disabled={!nextPage} onClick={() => nextPage && onPage(nextPage)}>
        Next <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}

/** Reads the pagination headers of a list response. */
export function pageInfo(headers: Headers): { page: number; nextPage: number | null; prevPage: number | null; total: number | null } {
  const num = (name: string) => {
    const v = headers.get(name);
    return v && /^\d+$/.test(v) ? Number(v) : null;
  };
  return { page: num('x-page') ?? 1, nextPage: num('x-next-page'), prevPage: num('x-prev-page'), total: num('x-total') };
}
