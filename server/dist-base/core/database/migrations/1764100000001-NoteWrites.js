"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NoteWrites1764100000001 = void 0;
/**
 * Note writes: an author's Idempotency-Key on the note it created (a retry of the same
 * submit returns that note; the unique partial index makes two racing retries create one),
 * and the per-user preferences the discussion area persists (its notes filter).
 */
class NoteWrites1764100000001 {
    name = 'NoteWrites1764100000001';
    async up(q) {
        await q.query(`ALTER TABLE notes ADD COLUMN idempotency_key varchar(128)`);
        await q.query(`CREATE UNIQUE INDEX notes_author_idempotency_key ON notes (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL`);
        await q.query(`CREATE TABLE user_preferences (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      issue_notes_filter smallint NOT NULL DEFAULT 0 CHECK (issue_notes_filter IN (0, 1, 2)),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    }
    async down(q) {
        await q.query('DROP TABLE user_preferences');
        await q.query('DROP INDEX notes_author_idempotency_key');
        await q.query('ALTER TABLE notes DROP COLUMN idempotency_key');
    }
}
exports.NoteWrites1764100000001 = NoteWrites1764100000001;
//# sourceMappingURL=1764100000001-NoteWrites.js.map