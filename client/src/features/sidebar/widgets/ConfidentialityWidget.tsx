import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Eye, EyeOff } from 'lucide-react';
import { CONFIDENTIALITY_TEXTS, DISCUSSION_TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { setIssueConfidential } from './issueFlagsApi';
import { useIssueFlagToggle } from './useIssueFlagToggle';
import { FlagConfirmForm, FlagError } from './FlagConfirmForm';
import './socialWidgets.css';

interface ConfidentialityWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  /** May set confidentiality (spec: can_update; the mutation also needs admin_issue). */
  editable: boolean;
}

/**
 * The confidentiality block: the status, and for who may change it an Edit that opens the
 * warning of what turning it on or off means, with the button that does it (issueSetConfidential).
 */
export function ConfidentialityWidget({ issueKey, projectPath, iid, editable }: ConfidentialityWidgetProps) {
  const confidential = useAtomValue(issueAtomFamily(issueKey))!.confidential;
  const [open, setOpen] = useState(false);
  const { apply, busy, error, clearError } = useIssueFlagToggle(
    issueKey,
    'confidential',
    (value) => setIssueConfidential(projectPath, iid, value),
    DISCUSSION_TEXTS.confidentialityFailed('issue'),
  );
  const toggleForm = () => {
    clearError();
    setOpen((o) => !o);
  };

  return (
    <SidebarBlock
      title={CONFIDENTIALITY_TEXTS.title}
      icon={confidential ? <EyeOff size={16} /> : <Eye size={16} />}
      testId="sidebar-confidentiality"
      edit={editable ? { open, onToggle: toggleForm } : undefined}
    >
      <p className="sidebar-flag__status" data-testid="confidentiality-status">
        {confidential ? (
          <>
            <strong>{CONFIDENTIALITY_TEXTS.on('issue')}</strong>
            <span className="muted sidebar-flag__detail">{CONFIDENTIALITY_TEXTS.onDetail}</span>
          </>
        ) : (
          CONFIDENTIALITY_TEXTS.off
        )}
      </p>
      {open && (
        <FlagConfirmForm
          label="Change confidentiality"
          testId="confidentiality-form"
          warning={confidential ? CONFIDENTIALITY_TEXTS.warnTurnOff('issue') : CONFIDENTIALITY_TEXTS.warnTurnOn('issue')}
          confirmLabel={confidential ? CONFIDENTIALITY_TEXTS.turnOff : CONFIDENTIALITY_TEXTS.turnOn}
          busy={busy}
          onCancel={toggleForm}
          onConfirm={async () => {
            if (await apply(!confidential)) setOpen(false);
          }}
        />
      )}
      <FlagError error={error} />
    </SidebarBlock>
  );
}
