import { User } from './user/user.entity';
import { OauthAccessToken, PersonalAccessToken, Session } from './auth/auth.entities';
import { Namespace } from './group/namespace.entity';
import { Member, Project } from './project/project.entity';
import { Label, LabelLink } from './label/label.entity';
import { Milestone } from './milestone/milestone.entity';
import { Issue, IssueAssignee } from './issue/issue.entity';
import { Note } from './note/note.entity';
import { DescriptionVersion } from './note/description-versions/description-version.entity';
import { IssueEventRow } from '../core/realtime/issue-event.entity';
import { AwardEmoji } from './award/award-emoji.entity';
import { IssueLink } from './issue-link/issue-link.entity';

/** Every entity, for the data source (the app, tools and tests share this list). */
export const ENTITIES = [
  User, Session, PersonalAccessToken, OauthAccessToken, Namespace, Project, Member,
  Label, LabelLink, Milestone, Issue, IssueAssignee, Note, IssueEventRow, DescriptionVersion,
  AwardEmoji, IssueLink,
];
