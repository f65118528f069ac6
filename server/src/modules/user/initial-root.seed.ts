import { hash } from '@node-rs/argon2';
import type { DataSource } from 'typeorm';

export interface InitialRoot {
  username: string;
  email: string;
  password: string;
}

/**
 * The first administrator, from TANDEM_ROOT_PASSWORD (GitLab's GITLAB_ROOT_PASSWORD): created
 * when no administrator exists yet, under a transaction-scoped advisory lock so nodes starting
 * together create one. Later boots change nothing (the password is only an initial one: change
 * it after signing in). Returns whether it created the account; a taken username or address
 * is left alone (false).
 */
export async function seedInitialRoot(ds: DataSource, root: InitialRoot): Promise<boolean> {
  const admins = async (m: Pick<DataSource, 'query'>) =>
    ((await m.query('SELECT count(*)::int AS n FROM users WHERE is_admin AND user_type IS NULL')) as [{ n: number }])[0].n;
  if ((await admins(ds)) > 0) return false;
  const passwordHash = await hash(root.password);
  return ds.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(727276)');
    if ((await admins(m)) > 0) return false;
    const rows = (await m.query(
      `INSERT INTO users (username, name, email, password_hash, is_admin, state)
       SELECT $1::varchar, 'Administrator', $2::varchar, $3::text, true, 'active'
       WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1::varchar) OR lower(email) = lower($2::varchar))
       RETURNING id`,
      [root.username, root.email, passwordHash],
    )) as unknown[];
    return rows.length === 1;
  });
}
