"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TodosInvitations1764600000001 = void 0;
/**
 * To-dos (a user's list of issues waiting for them: assigned, mentioned, or marked by hand),
 * e-mail invitations to a project or group (accepted on sign-up), and the mail outbox that
 * holds every message sent (read by developers at /-/outbox when no SMTP server is set).
 */
class TodosInvitations1764600000001 {
    name = 'TodosInvitations1764600000001';
    async up(q) {
        await q.query(`CREATE TABLE todos (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      author_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      target_type varchar(20) NOT NULL DEFAULT 'Issue' CHECK (target_type IN ('Issue')),
      target_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      action varchar(20) NOT NULL CHECK (action IN ('assigned', 'mentioned', 'marked')),
      state varchar(10) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
      note_id integer REFERENCES notes(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX todos_user_state ON todos (user_id, state, id)`);
        await q.query(`CREATE INDEX todos_target ON todos (target_id)`);
        // One pending hand-made to-do per user and issue (the sidebar's toggle)
        await q.query(`CREATE UNIQUE INDEX todos_marked_pending ON todos (user_id, target_type, target_id) WHERE action = 'marked' AND state = 'pending'`);
        await q.query(`CREATE TABLE invitations (
      id serial PRIMARY KEY,
      token varchar(64) NOT NULL UNIQUE,
      email varchar(255) NOT NULL,
      source_type varchar(10) NOT NULL CHECK (source_type IN ('Namespace', 'Project')),
      source_id integer NOT NULL,
      access_level integer NOT NULL CHECK (access_level IN (10, 20, 30, 40, 50)),
      expires_at date,
      invited_by_id integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE UNIQUE INDEX invitations_source_email ON invitations (source_type, source_id, lower(email))`);
        await q.query(`CREATE INDEX invitations_email ON invitations (lower(email))`);
        await q.query(`CREATE TABLE outbox_emails (
      id serial PRIMARY KEY,
      to_address varchar(255) NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      delivered_by varchar(10) NOT NULL DEFAULT 'outbox' CHECK (delivered_by IN ('outbox', 'smtp')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    }
    async down(q) {
        await q.query('DROP TABLE IF EXISTS outbox_emails');
        await q.query('DROP TABLE IF EXISTS invitations');
        await q.query('DROP TABLE IF EXISTS todos');
    }
}
exports.TodosInvitations1764600000001 = TodosInvitations1764600000001;
//# sourceMappingURL=1764600000001-TodosInvitations.js.map