"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WritePath1764020000000 = void 0;
/**
 * The write path in one statement: `tandem_jsonb_fill` sets the same value at several paths
 * of a JSON document (the time and ids an event payload learns inside its write statement);
 * user-note counts read a partial index instead of every system note of an issue.
 */
class WritePath1764020000000 {
    name = 'WritePath1764020000000';
    async up(q) {
        await q.query(`CREATE FUNCTION tandem_jsonb_fill(doc jsonb, paths text[], value jsonb) RETURNS jsonb
      LANGUAGE plpgsql IMMUTABLE AS $$
      DECLARE p text;
      BEGIN
        IF paths IS NULL THEN RETURN doc; END IF;
        FOREACH p IN ARRAY paths LOOP doc := jsonb_set(doc, p::text[], value); END LOOP;
        RETURN doc;
      END $$`);
        await q.query(`CREATE INDEX notes_user_notes ON notes (noteable_type, noteable_id) WHERE NOT system`);
    }
    async down(q) {
        await q.query('DROP INDEX notes_user_notes');
        await q.query('DROP FUNCTION tandem_jsonb_fill(jsonb, text[], jsonb)');
    }
}
exports.WritePath1764020000000 = WritePath1764020000000;
//# sourceMappingURL=1764020000000-WritePath.js.map