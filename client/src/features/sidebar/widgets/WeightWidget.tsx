import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Weight } from 'lucide-react';
import { collapsedWeight, TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { useIssueFieldUpdate } from '../useIssueFieldUpdate';

interface WeightWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

/** An integer of 0 or more, or empty (no weight). */
const WEIGHT_INPUT = /^\d*$/;

/**
 * The weight block: shows the weight or None; who may update the issue edits it in place.
 * Submitted on Enter or blur, only if it changed; an empty value removes the weight.
 */
export function WeightWidget({ issueKey, endpoint, projectPath, editable }: WeightWidgetProps) {
  const weight = useAtomValue(issueAtomFamily(issueKey))!.weight ?? null;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const { save, saving, error } = useIssueFieldUpdate(issueKey, endpoint, projectPath, TEXTS.weightUpdateFailed);
  const input = useRef<HTMLInputElement>(null);
  const invalid = !WEIGHT_INPUT.test(value.trim());

  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const open = () => {
    setValue(weight === null ? '' : String(weight));
    setEditing(true);
  };

  const submit = async () => {
    if (invalid || saving) return;
    const next = value.trim() === '' ? null : Number(value.trim());
    if (next === weight || (await save({ weight: next ?? '' }))) setEditing(false);
  };

  return (
    <SidebarBlock title="Weight" icon={<Weight size={16} />} testId="sidebar-weight" collapsed={{ text: collapsedWeight(weight) }} edit={editable ? { open: editing, onToggle: () => (editing ? void submit() : open()) } : undefined}>
      {editing ? (
        <div className="sidebar-field">
          <input
            ref={input}
            className="input input--small"
            type="text"
            inputMode="numeric"
            aria-label="Weight"
            aria-invalid={invalid}
            aria-describedby={invalid ? 'weight-invalid' : undefined}
            placeholder="Enter a number"
            value={value}
            disabled={saving}
            onChange={(e) => setValue(e.target.value)}
            onBlur={() => void submit()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void submit();
              } else if (e.key === 'Escape') {
                e.stopPropagation();
                setEditing(false);
              }
            }}
          />
          {invalid && (
            <p id="weight-invalid" className="field-error" role="alert">
              {TEXTS.weightNumeralsOnly}
            </p>
          )}
        </div>
      ) : weight === null ? (
        <span className="muted">None</span>
      ) : (
        <span data-testid="weight-value">{weight}</span>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </SidebarBlock>
  );
}
