import { describe, expect, it } from 'vitest';
import { ALL_ABILITIES } from '../policy';
import { permissionsHelp } from '../permission-table';

/** The permissions help page's table is the policy module asked for each role, every ability once. */
describe('permissionsHelp', () => {
  const help = permissionsHelp();
  const rows = help.sections.flatMap((s) => s.rows);
  const row = (ability: string) => rows.find((r) => r.ability === ability)!;

  it('lists the five roles and every ability of the policy module exactly once', () => {
    expect(help.roles.map((r) => r.name)).toEqual(['Guest', 'Reporter', 'Developer', 'Maintainer', 'Owner']);
    expect(rows.map((r) => r.ability).sort()).toEqual([...ALL_ABILITIES].sort());
    expect(new Set(rows.map((r) => r.ability)).size).toBe(rows.length);
    for (const r of rows) expect(r.allowed).toHaveLength(5);
  });

  it('answers as the policy decides for a private project and group', () => {
    // Guest, Reporter, Developer, Maintainer, Owner
    expect(row('admin_project_member').allowed).toEqual([false, false, false, true, true]);
    expect(row('admin_group_member').allowed).toEqual([false, false, false, false, true]);
    expect(row('read_confidential_issues').allowed).toEqual([false, true, true, true, true]);
    expect(row('read_code').allowed).toEqual([false, true, true, true, true]);
    expect(row('push_code').allowed).toEqual([false, false, true, true, true]);
    expect(row('destroy_issue').allowed).toEqual([false, false, false, false, true]);
    expect(row('create_note').allowed).toEqual([true, true, true, true, true]);
    expect(row('admin_project_member').text).toBe('Invite and manage project members');
  });

  it('grows with the role: nothing a role may do is refused to a higher one', () => {
    for (const r of rows) {
      const first = r.allowed.indexOf(true);
      if (first >= 0) expect(r.allowed.slice(first).every(Boolean), r.ability).toBe(true);
    }
  });
});
