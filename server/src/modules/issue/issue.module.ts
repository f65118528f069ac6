import { CreateIssueAction } from './actions/create-issue';
import { DestroyIssueAction } from './actions/destroy-issue';
import { UpdateIssueAction } from './actions/update-issue';
import { IssuePageController } from './issue-page.controller';
import { IssueController } from './issue.controller';
import { IssueFinder } from './issue.finder';
import { IssueLoader } from './issue.loader';

/** Issues: the finder (lists), the loader (one issue with its access), one file per action, REST and page endpoints. */
export const ISSUE_PROVIDERS = [IssueFinder, IssueLoader, CreateIssueAction, UpdateIssueAction, DestroyIssueAction];
export const ISSUE_CONTROLLERS = [IssueController, IssuePageController];
