"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Init1763780000000 = void 0;
/**
 * The foundation schema. Designed for all three spec documents: issues carry the sidebar's
 * fields (due date, weight, severity, health status, time tracking, milestone), notes are
 * keyed by noteable type and id (issues now, epics and merge requests later), and the event
 * log is per noteable with its own sequence.
 */
class Init1763780000000 {
    name = 'Init1763780000000';
    async up(q) {
        const statements = [
            `CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(255) NOT NULL,
        name varchar(255) NOT NULL,
        email varchar(255) NOT NULL,
        password_hash text,
        avatar_url text,
        state varchar(20) NOT NULL DEFAULT 'active' CHECK (state IN ('active','blocked','deactivated')),
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
            `CREATE UNIQUE INDEX users_username_lower ON users (lower(username))`,
            `CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`,
            `CREATE TABLE sessions (
        id varchar(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
            `CREATE INDEX sessions_user ON sessions (user_id)`,
            `CREATE TABLE personal_access_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        token_digest varchar(64) NOT NULL UNIQUE,
        scopes text[] NOT NULL,
        expires_at date,
        revoked boolean NOT NULL DEFAULT false,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
            `CREATE INDEX personal_access_tokens_user ON personal_access_tokens (user_id)`,
            `CREATE TABLE oauth_access_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_digest varchar(64) NOT NULL UNIQUE,
        refresh_digest varchar(64) UNIQUE,
        scopes text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
            `CREATE TABLE namespaces (
        id serial PRIMARY KEY,
        type varchar(10) NOT NULL CHECK (type IN ('Group','User')),
        name varchar(255) NOT NULL,
        path varchar(255) NOT NULL,
        full_path varchar(1024) NOT NULL,
        parent_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
        owner_id integer REFERENCES users(id) ON DELETE CASCADE,
        visibility varchar(10) NOT NULL DEFAULT 'private' CHECK (visibility IN ('private','internal','public')),
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
            `CREATE UNIQUE INDEX namespaces_full_path_lower ON namespaces (lower(full_path))`,
            `CREATE TABLE projects (
        id serial PRIMARY KEY,
        namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        path varchar(255) NOT NULL,
        full_path varchar(1024) NOT NULL,
        description text,
        visibility varchar(10) NOT NULL DEFAULT 'private' CHECK (visibility IN ('private','internal','public')),
        archived boolean NOT NULL DEFAULT false,
        last_issue_iid integer NOT NULL DEFAULT 0,
        creator_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
            `CREATE UNIQUE INDEX projects_full_path_lower ON projects (lower(full_path))`,
            `CREATE TABLE members (
        id serial PRIMARY KEY,
        source_type varchar(10) NOT NULL CHECK (source_type IN ('Namespace','Project')),
        source_id integer NOT NULL,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        access_level integer NOT NULL CHECK (access_level IN (10,20,30,40,50)),
        expires_at date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (source_type, source_id, user_id)
      )`,
            `CREATE INDEX members_user ON members (user_id)`,
            `CREATE TABLE milestones (
        id serial PRIMARY KEY,
        iid integer NOT NULL,
        project_id integer REFERENCES projects(id) ON DELETE CASCADE,
        group_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
        title varchar(255) NOT NULL,
        description text,
        state varchar(10) NOT NULL DEFAULT 'active' CHECK (state IN ('active','closed')),
        start_date date,
        due_date date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((project_id IS NULL) <> (group_id IS NULL))
      )`,
            `CREATE TABLE labels (
        id serial PRIMARY KEY,
        project_id integer REFERENCES projects(id) ON DELETE CASCADE,
        group_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
        title varchar(255) NOT NULL,
        color varchar(20) NOT NULL DEFAULT '#6699cc',
        description text,
        priority integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((project_id IS NULL) <> (group_id IS NULL))
      )`,
            `CREATE UNIQUE INDEX labels_project_title ON labels (project_id, lower(title)) WHERE project_id IS NOT NULL`,
            `CREATE UNIQUE INDEX labels_group_title ON labels (group_id, lower(title)) WHERE group_id IS NOT NULL`,
            `CREATE TABLE issues (
        id serial PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        iid integer NOT NULL,
        issue_type varchar(20) NOT NULL DEFAULT 'issue' CHECK (issue_type IN ('issue','incident','test_case')),
        title varchar(255) NOT NULL,
        description text,
        description_html text,
        state varchar(10) NOT NULL DEFAULT 'opened' CHECK (state IN ('opened','closed')),
        closed_at timestamptz,
        closed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        confidential boolean NOT NULL DEFAULT false,
        discussion_locked boolean NOT NULL DEFAULT false,
        lock_version integer NOT NULL DEFAULT 0,
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        updated_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        last_edited_at timestamptz,
        last_edited_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        milestone_id integer REFERENCES milestones(id) ON DELETE SET NULL,
        due_date date,
        weight integer CHECK (weight IS NULL OR weight >= 0),
        severity varchar(10) NOT NULL DEFAULT 'UNKNOWN' CHECK (severity IN ('UNKNOWN','LOW','MEDIUM','HIGH','CRITICAL')),
        health_status varchar(20) CHECK (health_status IN ('on_track','needs_attention','at_risk')),
        time_estimate integer NOT NULL DEFAULT 0,
        total_time_spent integer NOT NULL DEFAULT 0,
        relative_position integer,
        event_seq integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, iid)
      )`,
            `CREATE INDEX issues_project_state ON issues (project_id, state, id)`,
            `CREATE INDEX issues_author ON issues (author_id)`,
            `CREATE TABLE issue_assignees (
        issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (issue_id, user_id)
      )`,
            `CREATE INDEX issue_assignees_user ON issue_assignees (user_id)`,
            `CREATE TABLE label_links (
        label_id integer NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
        target_type varchar(20) NOT NULL,
        target_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (target_type, target_id, label_id)
      )`,
            `CREATE INDEX label_links_label ON label_links (label_id)`,
            `CREATE TABLE notes (
        id serial PRIMARY KEY,
        noteable_type varchar(20) NOT NULL,
        noteable_id integer NOT NULL,
        project_id integer REFERENCES projects(id) ON DELETE CASCADE,
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        note text NOT NULL,
        note_html text NOT NULL DEFAULT '',
        type varchar(20) CHECK (type IN ('DiscussionNote','DiffNote')),
        discussion_id varchar(40) NOT NULL,
        system boolean NOT NULL DEFAULT false,
        system_note_icon_name varchar(40),
        internal boolean NOT NULL DEFAULT false,
        resolvable boolean NOT NULL DEFAULT false,
        resolved_at timestamptz,
        resolved_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        last_edited_at timestamptz,
        updated_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
            `CREATE INDEX notes_noteable ON notes (noteable_type, noteable_id, created_at)`,
            `CREATE INDEX notes_noteable_updated ON notes (noteable_type, noteable_id, updated_at)`,
            `CREATE INDEX notes_discussion ON notes (discussion_id)`,
            `CREATE TABLE issue_events (
        id bigserial PRIMARY KEY,
        noteable_type varchar(20) NOT NULL,
        noteable_id integer NOT NULL,
        seq integer NOT NULL,
        type varchar(40) NOT NULL,
        payload jsonb NOT NULL,
        actor_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (noteable_type, noteable_id, seq)
      )`,
            `CREATE INDEX issue_events_created ON issue_events (created_at)`,
        ];
        for (const sql of statements)
            await q.query(sql);
    }
    async down(q) {
        for (const t of [
            'issue_events', 'notes', 'label_links', 'issue_assignees', 'issues', 'labels', 'milestones',
            'members', 'projects', 'namespaces', 'oauth_access_tokens', 'personal_access_tokens', 'sessions', 'users',
        ])
            await q.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
    }
}
exports.Init1763780000000 = Init1763780000000;
//# sourceMappingURL=1763780000000-Init.js.map