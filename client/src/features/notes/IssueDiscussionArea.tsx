import type { ComponentProps } from 'react';
import { useAtomValue } from 'jotai';
import type { IssuePageData } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { issueAtomFamily } from '../issue/issueAtoms';
import { DiscussionArea, issueDiscussionNoteable } from './DiscussionArea';

type Rest = Omit<ComponentProps<typeof DiscussionArea>, 'noteable'>;

/** The issue page's discussion area: the shared DiscussionArea on the issue as its atom holds it now (live state, lock, confidentiality). */
export function IssueDiscussionArea({ data, issueKey, ...rest }: Rest & { data: IssuePageData; issueKey: string }) {
  const issue = useAtomValue(issueAtomFamily(issueKey), { store: appStore })!;
  return <DiscussionArea noteable={issueDiscussionNoteable(data, issueKey, issue)} {...rest} />;
}
