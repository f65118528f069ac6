import { graphqlRequest } from '../../../shared/api/graphql';

const SET_CONFIDENTIAL = `mutation issueSetConfidential($input: IssueSetConfidentialInput!) {
  issueSetConfidential(input: $input) { issue { id confidential } errors }
}`;

const SET_LOCKED = `mutation issueSetLocked($input: IssueSetLockedInput!) {
  issueSetLocked(input: $input) { issue { id discussionLocked } errors }
}`;

export interface FlagResult {
  value: boolean | null;
  errors: string[];
}

/** GraphQL issueSetConfidential: the new confidential flag, or the mutation's errors. */
export async function setIssueConfidential(projectPath: string, iid: number, confidential: boolean): Promise<FlagResult> {
  const data = await graphqlRequest<{ issueSetConfidential: { issue: { confidential: boolean } | null; errors: string[] } | null }>(SET_CONFIDENTIAL, {
    input: { projectPath, iid: String(iid), confidential },
  });
  return { value: data.issueSetConfidential?.issue?.confidential ?? null, errors: data.issueSetConfidential?.errors ?? [] };
}

/** GraphQL issueSetLocked: the new discussionLocked, or the mutation's errors. */
export async function setIssueLocked(projectPath: string, iid: number, locked: boolean): Promise<FlagResult> {
  const data = await graphqlRequest<{ issueSetLocked: { issue: { discussionLocked: boolean } | null; errors: string[] } | null }>(SET_LOCKED, {
    input: { projectPath, iid: String(iid), locked },
  });
  return { value: data.issueSetLocked?.issue?.discussionLocked ?? null, errors: data.issueSetLocked?.errors ?? [] };
}
