import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail confirmation (GitLab's confirmed_at, confirmation_token as a digest,
 * confirmation_sent_at). Existing users are confirmed as of their creation, and the column
 * defaults to now(), so users made outside sign-up (seed, bots) are confirmed too.
 *
 * And one top-level path per user or group (GitLab keeps both in one routes table): a trigger
 * refuses a username equal to a top-level group's path, and a top-level group path equal to a
 * username, in any case, whatever code writes the row. An advisory lock on the lower-cased
 * path makes two concurrent writers of the same path wait for each other, so both checks see
 * the other's committed row. (Row triggers on any update, returning at once when the path is
 * unchanged: a column list would pin the columns' types, which tools/check-migrations alters.)
 */
export class EmailConfirmation1795641800000 implements MigrationInterface {
  name = 'EmailConfirmation1795641800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN confirmed_at timestamptz DEFAULT now()`);
    await q.query(`UPDATE users SET confirmed_at = created_at`);
    await q.query(`ALTER TABLE users ADD COLUMN confirmation_digest varchar(64)`);
    await q.query(`ALTER TABLE users ADD COLUMN confirmation_sent_at timestamptz`);
    await q.query(`CREATE UNIQUE INDEX users_confirmation_digest ON users (confirmation_digest) WHERE confirmation_digest IS NOT NULL`);
    await q.query(`CREATE FUNCTION tandem_top_level_path_free() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE p text;
      BEGIN
        IF TG_TABLE_NAME = 'users' THEN
          IF TG_OP = 'UPDATE' AND lower(NEW.username) = lower(OLD.username) THEN RETURN NEW; END IF;
          p := lower(NEW.username);
        ELSIF NEW.type = 'Group' AND NEW.parent_id IS NULL THEN
          IF TG_OP = 'UPDATE' AND lower(NEW.path) = lower(OLD.path) AND OLD.parent_id IS NULL AND OLD.type = 'Group' THEN RETURN NEW; END IF;
          p := lower(NEW.path);
        ELSE
          RETURN NEW;
        END IF;
        PERFORM pg_advisory_xact_lock(hashtext('tandem-top-level-path:' || p));
        IF TG_TABLE_NAME = 'users' AND EXISTS (SELECT 1 FROM namespaces WHERE type = 'Group' AND parent_id IS NULL AND lower(path) = p) THEN
          RAISE EXCEPTION 'Username has already been taken by a group' USING ERRCODE = 'unique_violation';
        END IF;
        IF TG_TABLE_NAME = 'namespaces' AND EXISTS (SELECT 1 FROM users WHERE lower(username) = p) THEN
          RAISE EXCEPTION 'Group path has already been taken by a user' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER users_username_not_a_group BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION tandem_top_level_path_free()`);
    await q.query(`CREATE TRIGGER namespaces_path_not_a_username BEFORE INSERT OR UPDATE ON namespaces FOR EACH ROW EXECUTE FUNCTION tandem_top_level_path_free()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER namespaces_path_not_a_username ON namespaces`);
    await q.query(`DROP TRIGGER users_username_not_a_group ON users`);
    await q.query(`DROP FUNCTION tandem_top_level_path_free()`);
    await q.query(`DROP INDEX users_confirmation_digest`);
    await q.query(`ALTER TABLE users DROP COLUMN confirmation_sent_at`);
    await q.query(`ALTER TABLE users DROP COLUMN confirmation_digest`);
    await q.query(`ALTER TABLE users DROP COLUMN confirmed_at`);
  }
}
