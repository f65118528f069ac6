import { useAtomValue } from 'jotai';
import { ShieldAlert } from 'lucide-react';
import { CVE_TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';

/**
 * Spec "CVE ID request block": with the flag on and a security-advisory project configured, a
 * maintainer sees it on a confidential issue (followed live); its button opens a prefilled
 * confidential issue in that project, in a new tab, and it links to the help page.
 */
export function CveRequestWidget({ issueKey, cveRequest }: { issueKey: string; cveRequest: { newIssuePath: string; helpPath: string } | null | undefined }) {
  const confidential = useAtomValue(issueAtomFamily(issueKey))?.confidential ?? false;
  if (!cveRequest || !confidential) return null;
  return (
    <SidebarBlock title={CVE_TEXTS.title} icon={<ShieldAlert size={16} />} testId="sidebar-cve-request">
      <p className="muted">
        {CVE_TEXTS.intro}{' '}
        <a href={cveRequest.helpPath} target="_blank" rel="noopener noreferrer">
          {CVE_TEXTS.helpLink}
        </a>
      </p>
      <a className="btn btn--small" href={cveRequest.newIssuePath} target="_blank" rel="noopener noreferrer">
        {CVE_TEXTS.button}
      </a>
    </SidebarBlock>
  );
}
