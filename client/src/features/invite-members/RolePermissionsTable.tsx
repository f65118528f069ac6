import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { PERMISSIONS_HELP_JSON_PATH, PERMISSIONS_HELP_TEXTS, type PermissionsHelp } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import './inviteMembers.css';

/**
 * The role permissions help page's tables (where 'Read more about role permissions' leads):
 * the server generates them from its policy module, so they say what Tandem enforces.
 */
export function RolePermissionsTable() {
  const q = useQuery({
    queryKey: ['permissions-help'],
    queryFn: async ({ signal }) => {
      const res = await requestJson<PermissionsHelp>(PERMISSIONS_HELP_JSON_PATH, { signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.data;
    },
  });
  if (q.isError) return <Alert variant="danger">{PERMISSIONS_HELP_TEXTS.loadFailed}</Alert>;
  if (!q.data) return null;
  const { roles, sections } = q.data;
  return (
    <>
      <p>{PERMISSIONS_HELP_TEXTS.intro}</p>
      <p className="muted">{PERMISSIONS_HELP_TEXTS.assumptions}</p>
      {sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          <div className="table-scroll">
            <table className="permissions-table" data-testid="permissions-table">
              <thead>
                <tr>
                  <th scope="col">{PERMISSIONS_HELP_TEXTS.action}</th>
                  {roles.map((r) => (
                    <th key={r.access_level} scope="col">
                      {r.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {s.rows.map((row) => (
                  <tr key={row.ability}>
                    <th scope="row">{row.text}</th>
                    {row.allowed.map((ok, k) => (
                      <td key={roles[k]!.access_level}>
                        {ok && <Check size={16} aria-hidden="true" />}
                        <span className="visually-hidden">{ok ? 'Yes' : 'No'}</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}
