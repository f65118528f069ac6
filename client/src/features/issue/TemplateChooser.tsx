import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_TEXTS as T, type IssueTemplate } from '@tandem/shared-types';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { fetchIssueTemplate, useIssueTemplates } from './issueTemplatesApi';

const NONE = '\u0000none';

interface TemplateChooserProps {
  projectPath: string;
  description: string;
  onDescription(text: string): void;
  /** A template to choose once the list has loaded (the New issue page's `?issuable_template=name`); unknown names are ignored. */
  initialTemplate?: string | null;
}

/**
 * The edit form's description-template chooser (spec: template dropdown). Choosing a template
 * when the editor holds something other than the current template's text asks first
 * (confirm overrides; closing keeps the previous selection). 'No template' puts back the text
 * from before the first template and the label returns to 'Choose a template'; 'Reset
 * template' restores the chosen template's text. Shown only when the project has templates.
 */
export function TemplateChooser({ projectPath, description, onDescription, initialTemplate }: TemplateChooserProps) {
  const templates = useIssueTemplates(projectPath);
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<IssueTemplate | null>(null);
  const [before, setBefore] = useState<string | null>(null);
  const [pending, setPending] = useState<{ template: IssueTemplate | null } | null>(null);
  const [error, setError] = useState(false);
  const preselected = useRef(false);

  useEffect(() => {
    if (preselected.current || !initialTemplate || !templates.data) return;
    preselected.current = true;
    const named = templates.data.find((t) => t.name.toLowerCase() === initialTemplate.toLowerCase());
    if (named) void choose(named.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list arrives
  }, [templates.data, initialTemplate]);

  if (!templates.data?.length) return null;

  /** What the editor holds that choosing would replace: anything but the current template's text (or nothing). */
  const wouldOverride = () => description !== '' && description !== (current?.content ?? before ?? '');

  const apply = (template: IssueTemplate | null) => {
    if (template) {
      if (!current) setBefore(description);
      onDescription(template.content);
    } else {
      onDescription(before ?? '');
      setBefore(null);
    }
    setCurrent(template);
    setPending(null);
  };

  const choose = async (value: string) => {
    setError(false);
    if (value === NONE) {
      if (!current) return;
      if (description !== current.content) setPending({ template: null });
      else apply(null);
      return;
    }
    try {
      const template = await fetchIssueTemplate(queryClient, projectPath, value);
      if (wouldOverride()) setPending({ template });
      else apply(template);
    } catch {
      setError(true);
    }
  };

  return (
    <div className="template-chooser" data-testid="template-chooser">
      <select aria-label={T.choose} className="input template-chooser__select" value={current?.name ?? ''} onChange={(e) => void choose(e.target.value)}>
        <option value="" disabled hidden>
          {T.choose}
        </option>
        <option value={NONE}>{T.noTemplate}</option>
        {templates.data.map((t) => (
          <option key={t.key} value={t.name}>
            {t.name}
          </option>
        ))}
      </select>
      {current && (
        <button type="button" className="btn btn--tertiary" onClick={() => onDescription(current.content)}>
          {T.reset}
        </button>
      )}
      {error && (
        <span role="alert" className="template-chooser__error">
          {T.loadFailed}
        </span>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={T.overrideTitle}
        message={T.overrideMessage}
        confirmLabel={T.overrideConfirm}
        danger
        onConfirm={() => pending && apply(pending.template)}
        onOpenChange={(open) => !open && setPending(null)}
      />
    </div>
  );
}
