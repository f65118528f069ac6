import { ISSUE_PAGE_TEXTS as T } from '@tandem/shared-types';

/** The edit form's help pane: the markdown and quick actions the description understands. */
export function MarkdownHelp() {
  return (
    <aside className="markdown-help" aria-label={T.helpTitle} data-testid="markdown-help">
      <table>
        <tbody>
          {T.helpItems.map(([syntax, meaning]) => (
            <tr key={syntax}>
              <td>
                <code>{syntax}</code>
              </td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  );
}
