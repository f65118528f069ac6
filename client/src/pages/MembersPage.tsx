import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ACCESS_LEVEL_NAMES, MEMBERS_PAGE_TEXTS, type ApiGroup, type ApiMember, type ApiProject } from '@tandem/shared-types';
import { InviteMembersLink } from '../features/invite-members/InviteMembersLink';
import { sourceApiPath } from '../features/invite-members/inviteMembersApi';
import { AppLayout } from '../features/layout/AppLayout';
import { requestJson } from '../shared/api/http';
import { Alert } from '../shared/ui/Alert';
import { Avatar } from '../shared/ui/Avatar';
import { pageInfo, Pagination } from '../shared/ui/Pagination';

const PER_PAGE = 50;

/**
 * /{project}/-/project_members and /groups/{group}/-/group_members: everyone with access (direct,
 * inherited and through shared groups) with their highest role, and 'Invite members', which opens
 * the invite modal with this project or group as its source, or the notice for members who may
 * not invite.
 */
export function MembersPage({ type, path }: { type: 'project' | 'group'; path: string }) {
  const [page, setPage] = useState(1);
  const base = sourceApiPath({ type, path });
  const source = useQuery({
    queryKey: ['members-source', type, path],
    queryFn: async ({ signal }) => {
      const res = await requestJson<ApiProject | ApiGroup>(base, { signal });
      return res.ok ? res.data : null;
    },
  });
  const members = useQuery({
    queryKey: ['members', type, path, page],
    enabled: Boolean(source.data),
    queryFn: async ({ signal }) => {
      const res = await requestJson<ApiMember[]>(`${base}/members/all?per_page=${PER_PAGE}&page=${page}`, { signal });
      if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
      return { members: res.data, info: pageInfo(res.headers) };
    },
  });
  const name = source.data?.name ?? path.split('/').pop()!;
  const title = type === 'project' ? MEMBERS_PAGE_TEXTS.projectTitle : MEMBERS_PAGE_TEXTS.groupTitle;
  useEffect(() => {
    document.title = `${title} · ${path} · Tandem`;
  }, [title, path]);
  return (
    <AppLayout crumbs={[{ label: path }, { label: title }]}>
      <div className="page-head">
        <div className="page-head__row">
          <h1 className="page-title">{title}</h1>
          {source.data && <InviteMembersLink source={{ type, path, name }} className="btn btn--confirm" />}
        </div>
        {source.data && <p className="muted">{MEMBERS_PAGE_TEXTS.intro(name, type)}</p>}
      </div>
      {source.data === null && <Alert variant="danger">{MEMBERS_PAGE_TEXTS.notFound}</Alert>}
      {(source.isError || members.isError) && <Alert variant="danger">{MEMBERS_PAGE_TEXTS.loadFailed}</Alert>}
      {members.data && (
        <>
          <div className="table-scroll">
            <table className="members-table" data-testid="members-table">
              <thead>
                <tr>
                  <th scope="col">{MEMBERS_PAGE_TEXTS.account}</th>
                  <th scope="col">{MEMBERS_PAGE_TEXTS.maxRole}</th>
                  <th scope="col">{MEMBERS_PAGE_TEXTS.expiration}</th>
                </tr>
              </thead>
              <tbody>
                {members.data.members.map((m) => (
                  <tr key={m.id}>
                    <td>
                      <Avatar user={m} size={24} decorative /> <a href={`/${m.username}`}>{m.name}</a> <span className="muted">@{m.username}</span>
                    </td>
                    <td>{ACCESS_LEVEL_NAMES[m.access_level]}</td>
                    <td>{m.expires_at ?? MEMBERS_PAGE_TEXTS.noExpiration}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination {...members.data.info} onPage={setPage} />
        </>
      )}
    </AppLayout>
  );
}
