import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import type { PageData } from '@tandem/shared-types';
import { initialPath } from './shared/pageData';
import { AbuseReportPage } from './pages/AbuseReportPage';
import { AccessTokensPage } from './pages/AccessTokensPage';
import { BlobEditPage } from './pages/BlobEditPage';
import { EpicPage } from './pages/EpicPage';
import { MergeRequestPage } from './pages/MergeRequestPage';
import { MergeRequestListPage } from './pages/MergeRequestListPage';
import { HelpPage } from './pages/HelpPage';
import { GroupIssuesPage } from './pages/GroupIssuesPage';
import { GroupEpicsPage } from './pages/GroupEpicsPage';
import { AdminAbuseReportsPage } from './pages/AdminAbuseReportsPage';
import { IssueListPage } from './pages/IssueListPage';
import { ErrorTrackingPage } from './pages/ErrorTrackingPage';
import { IncidentListPage } from './pages/IncidentListPage';
import { IssuePage } from './pages/IssuePage';
import { MembersPage } from './pages/MembersPage';
import { NewIssuePage } from './pages/NewIssuePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { NotificationSettingsPage } from './pages/NotificationSettingsPage';
import { PasswordEditPage } from './pages/PasswordEditPage';
import { PasswordNewPage } from './pages/PasswordNewPage';
import { ProjectsPage } from './pages/ProjectsPage';
import { SignInPage } from './pages/SignInPage';
import { UserPage } from './pages/UserPage';
import { TodosPage } from './pages/TodosPage';
import { SignUpPage } from './pages/SignUpPage';
import { ConfirmationPage } from './pages/ConfirmationPage';
import { StatusPagePage } from './pages/StatusPagePage';

const ISSUE_PAGE = /^\/(.+)\/-\/issues\/(\d+)\/?$/;
const ISSUE_LIST = /^\/(.+)\/-\/issues\/?$/;
const ISSUE_NEW = /^\/(.+)\/-\/issues\/new\/?$/;
const INCIDENT_LIST = /^\/(.+)\/-\/incidents\/?$/;
const ERROR_LIST = /^\/(.+)\/-\/error_tracking\/?$/;
const ERROR_DETAILS = /^\/(.+)\/-\/error_tracking\/(\d+)\/details\/?$/;
const ERROR_SETTINGS = /^\/(.+)\/-\/settings\/error_tracking\/?$/;
const STATUS_PAGE = /^\/-\/status_page\/(.+?)\/?$/;
const BLOB_EDIT_PAGE = /^\/(.+?)\/-\/edit\/(.+)$/;
const MERGE_REQUEST_PAGE = /^\/(.+)\/-\/merge_requests\/(\d+)(?:\/(diffs|commits))?\/?$/;
const MERGE_REQUEST_LIST = /^\/(?!groups\/|-\/)(.+)\/-\/merge_requests\/?$/;
const EPIC_PAGE = /^\/groups\/(.+)\/-\/epics\/(\d+)\/?$/;
const EPIC_LIST = /^\/groups\/(.+)\/-\/epics\/?$/;
const GROUP_ISSUE_LIST = /^\/groups\/(.+)\/-\/issues\/?$/;
const GROUP_MEMBERS = /^\/groups\/(.+)\/-\/group_members\/?$/;
const PROJECT_MEMBERS = /^\/(?!groups\/)(.+)\/-\/project_members\/?$/;

/** GitLab's routes; project paths may nest namespaces, so they are matched by pattern. */
export function App({ pageData }: { pageData: PageData }) {
  return (
    <Routes>
      <Route path="/users/sign_in" element={<SignInPage />} />
      <Route path="/users/sign_up" element={<SignUpPage />} />
      <Route path="/users/password/new" element={<PasswordNewPage />} />
      <Route path="/users/password/edit" element={<PasswordEditPage />} />
      <Route path="/users/confirmation/new" element={<ConfirmationPage />} />
      <Route path="/-/invites/:token" element={<SignUpPage />} />
      <Route path="/" element={<ProjectsPage />} />
      <Route path="/dashboard/projects" element={<ProjectsPage />} />
      <Route path="/dashboard/todos" element={<TodosPage />} />
      <Route path="/-/user_settings/personal_access_tokens" element={<AccessTokensPage />} />
      <Route path="/-/profile/notifications" element={<NotificationSettingsPage />} />
      <Route path="/-/abuse_reports/new" element={<AbuseReportPage />} />
      <Route path="/admin/abuse_reports" element={<AdminAbuseReportsPage />} />
      {/* A user's web_url is /{username}; GitLab also answers /users/{username} */}
      <Route path="/help/*" element={<HelpPage />} />
      <Route path="/:username" element={<UserRoute />} />
      <Route path="/users/:username" element={<UserRoute />} />
      <Route path="*" element={<ProjectRoutes pageData={pageData} />} />
    </Routes>
  );
}

function UserRoute() {
  const { username = '' } = useParams();
  return <UserPage key={username} username={username} />;
}

function ProjectRoutes({ pageData }: { pageData: PageData }) {
  const { pathname, search } = useLocation();
  // The server said 404 for the page it rendered (unknown project or issue): no API calls to find out again
  if (pageData.notFound && pathname === initialPath) return <NotFoundPage />;
  const statusPage = STATUS_PAGE.exec(pathname);
  if (statusPage) return <StatusPagePage key={statusPage[1]} projectPath={decodeURIComponent(statusPage[1]!)} />;
  const blobEdit = BLOB_EDIT_PAGE.exec(pathname);
  if (blobEdit) return <BlobEditPage key={pathname} projectPath={decodeURIComponent(blobEdit[1]!)} refAndPath={decodeURIComponent(blobEdit[2]!)} search={search} />;
  const mergeRequest = MERGE_REQUEST_PAGE.exec(pathname);
  if (mergeRequest) return <MergeRequestPage key={pathname} projectPath={decodeURIComponent(mergeRequest[1]!)} iid={Number(mergeRequest[2])} tab={mergeRequest[3] === 'diffs' ? 'changes' : mergeRequest[3] === 'commits' ? 'commits' : 'overview'} />;
  const mergeRequests = MERGE_REQUEST_LIST.exec(pathname);
  if (mergeRequests) return <MergeRequestListPage key={mergeRequests[1]} projectPath={decodeURIComponent(mergeRequests[1]!)} />;
  const epic = EPIC_PAGE.exec(pathname);
  if (epic) return <EpicPage key={pathname} groupPath={decodeURIComponent(epic[1]!)} iid={Number(epic[2])} />;
  const epics = EPIC_LIST.exec(pathname);
  if (epics) return <GroupEpicsPage key={epics[1]} groupPath={decodeURIComponent(epics[1]!)} />;
  const groupMembers = GROUP_MEMBERS.exec(pathname);
  if (groupMembers) return <MembersPage key={pathname} type="group" path={decodeURIComponent(groupMembers[1]!)} />;
  const projectMembers = PROJECT_MEMBERS.exec(pathname);
  if (projectMembers) return <MembersPage key={pathname} type="project" path={decodeURIComponent(projectMembers[1]!)} />;
  const groupIssues = GROUP_ISSUE_LIST.exec(pathname);
  if (groupIssues) return <GroupIssuesPage key={groupIssues[1]} groupPath={decodeURIComponent(groupIssues[1]!)} />;
  const issue = ISSUE_PAGE.exec(pathname);
  if (issue) {
    const data = pageData.issue;
    const forThisPage = data && decodeURIComponent(pathname).replace(/\/$/, '') === data.endpoint;
    if (forThisPage) return <IssuePage key={data.endpoint} data={data} />;
    // The server embeds an issue only in the page it rendered; elsewhere ask it for the page
    if (pathname !== initialPath) return <FullReload />;
    return <NotFoundPage />;
  }
  const created = ISSUE_NEW.exec(pathname);
  if (created) return <NewIssuePage key={created[1]} projectPath={decodeURIComponent(created[1]!)} />;
  const errors = ERROR_LIST.exec(pathname);
  if (errors) return <ErrorTrackingPage key={errors[1]} projectPath={decodeURIComponent(errors[1]!)} view={{ kind: 'list' }} />;
  const errorDetails = ERROR_DETAILS.exec(pathname);
  if (errorDetails) return <ErrorTrackingPage key={errorDetails[1]} projectPath={decodeURIComponent(errorDetails[1]!)} view={{ kind: 'details', id: Number(errorDetails[2]) }} />;
  const errorSettings = ERROR_SETTINGS.exec(pathname);
  if (errorSettings) return <ErrorTrackingPage key={errorSettings[1]} projectPath={decodeURIComponent(errorSettings[1]!)} view={{ kind: 'settings' }} />;
  const incidents = INCIDENT_LIST.exec(pathname);
  if (incidents) return <IncidentListPage key={incidents[1]} projectPath={decodeURIComponent(incidents[1]!)} />;
  const list = ISSUE_LIST.exec(pathname);
  if (list) return <IssueListPage key={list[1]} projectPath={decodeURIComponent(list[1]!)} />;
  // A bare project path (group/project) opens the project's issues
  const projectPath = pathname.replace(/^\/|\/$/g, '');
  if (projectPath.includes('/') && !projectPath.startsWith('-') && !projectPath.includes('/-/')) return <Navigate to={`/${projectPath}/-/issues`} replace />;
  return <NotFoundPage />;
}

function FullReload() {
  useEffect(() => window.location.reload(), []);
  return null;
}
