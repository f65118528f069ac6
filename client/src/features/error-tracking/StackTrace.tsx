import type { ApiStackTraceEntry } from '@tandem/shared-types';

/** Stack trace entries, newest call first: file, function, line and column, with the context lines around the line. */
export function StackTrace({ entries }: { entries: readonly ApiStackTraceEntry[] }) {
  if (!entries.length) return <p className="muted">No stack trace was sent with this error.</p>;
  return (
    <ol className="stack-trace" data-testid="stack-trace">
      {entries.map((e, i) => (
        <li key={i} className={`stack-trace__entry${e.inApp ? ' stack-trace__entry--app' : ''}`}>
          <div className="stack-trace__head">
            <span className="stack-trace__file">{e.filename ?? '<unknown>'}</span>
            {e.function && (
              <>
                {' in '}
                <span className="stack-trace__function">{e.function}</span>
              </>
            )}
            {e.lineNo !== null && (
              <>
                {' at line '}
                <span className="stack-trace__line">
                  {e.lineNo}
                  {e.colNo !== null ? `:${e.colNo}` : ''}
                </span>
              </>
            )}
          </div>
          {e.context.length > 0 && (
            <pre className="stack-trace__context">
              {e.context.map(([n, code]) => (
                <div key={n} className={n === e.lineNo ? 'stack-trace__code stack-trace__code--hit' : 'stack-trace__code'}>
                  <span className="stack-trace__lineno">{n}</span>
                  <code>{code}</code>
                </div>
              ))}
            </pre>
          )}
        </li>
      ))}
    </ol>
  );
}
