import { Hash } from 'lucide-react';
import { CopyButton } from '../../shared/ui/CopyButton';
import { SidebarBlock } from './SidebarBlock';

/** A sidebar's reference block (sidebar spec §2 "Reference, copyable"): the full reference and its copy button. */
export function ReferenceBlock({ reference, testId }: { reference: string; testId: string }) {
  return (
    <SidebarBlock title="Reference" icon={<Hash size={16} />} testId={testId}>
      <div className="reference-row">
        <code className="reference-row__text">{reference}</code>
        <CopyButton text={reference} label="Copy reference" />
      </div>
    </SidebarBlock>
  );
}
