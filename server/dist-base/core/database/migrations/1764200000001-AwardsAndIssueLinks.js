"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AwardsAndIssueLinks1764200000001 = void 0;
/**
 * Emoji awards on issues and notes, and related-issue links. A "blocks" relation is stored in
 * one direction only (an "is blocked by" request is stored as the target blocking the source),
 * and a pair of issues has at most one link whatever its direction (GitLab's rule).
 */
class AwardsAndIssueLinks1764200000001 {
    name = 'AwardsAndIssueLinks1764200000001';
    async up(q) {
        await q.query(`CREATE TABLE award_emoji (
      id serial PRIMARY KEY,
      name varchar(255) NOT NULL,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      awardable_type varchar(20) NOT NULL CHECK (awardable_type IN ('Issue', 'Note')),
      awardable_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE UNIQUE INDEX award_emoji_unique ON award_emoji (awardable_type, awardable_id, user_id, name)`);
        await q.query(`CREATE INDEX award_emoji_user ON award_emoji (user_id)`);
        await q.query(`CREATE TABLE issue_links (
      id serial PRIMARY KEY,
      source_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      target_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      link_type varchar(20) NOT NULL DEFAULT 'relates_to' CHECK (link_type IN ('relates_to', 'blocks')),
      relative_position integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (source_id <> target_id)
    )`);
        // One link per unordered pair
        await q.query(`CREATE UNIQUE INDEX issue_links_pair ON issue_links (LEAST(source_id, target_id), GREATEST(source_id, target_id))`);
        await q.query(`CREATE INDEX issue_links_source ON issue_links (source_id)`);
        await q.query(`CREATE INDEX issue_links_target ON issue_links (target_id)`);
    }
    async down(q) {
        await q.query('DROP TABLE IF EXISTS issue_links');
        await q.query('DROP TABLE IF EXISTS award_emoji');
    }
}
exports.AwardsAndIssueLinks1764200000001 = AwardsAndIssueLinks1764200000001;
//# sourceMappingURL=1764200000001-AwardsAndIssueLinks.js.map