"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AwardWriter = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const event_log_service_1 = require("../../core/realtime/event-log.service");
/**
 * The award change as ONE statement (no BEGIN/COMMIT): the insert or delete, the exclusive
 * thumb's delete, the issue's next event seqs and one `award.toggled` event per change. What
 * happens is decided against the rows as the statement sees them, so a double click or two tabs
 * cannot leave both thumbs or a duplicate (the unique index settles a race on the insert).
 */
const TEXT = `WITH cur AS (
    SELECT id, name FROM award_emoji WHERE awardable_type = $1 AND awardable_id = $2::int AND user_id = $3::int AND name IN ($4, $5)),
  has AS (SELECT EXISTS (SELECT 1 FROM cur WHERE name = $4) AS v),
  del AS (DELETE FROM award_emoji a USING cur, has
    WHERE a.id = cur.id AND ((cur.name = $4 AND $6 <> 'add') OR (cur.name = $5 AND $6 <> 'remove' AND NOT has.v))
    RETURNING a.name),
  ins AS (INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id)
    SELECT $4, $3::int, $1, $2::int FROM has WHERE $6 <> 'remove' AND NOT has.v
    ON CONFLICT DO NOTHING RETURNING id, name, created_at, updated_at),
  changes AS (SELECT name, false AS toggled_on, 1 AS k FROM del UNION ALL SELECT name, true, 2 FROM ins),
  numbered AS (SELECT name, toggled_on, row_number() OVER (ORDER BY k, name) AS ord, count(*) OVER () AS n FROM changes),
  seq AS (UPDATE issues SET event_seq = event_seq + (SELECT count(*)::int FROM changes)
    WHERE id = $7::int AND EXISTS (SELECT 1 FROM changes) RETURNING event_seq),
  ev AS (INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
    SELECT 'Issue', $7::int, seq.event_seq - nb.n::int + nb.ord::int, 'award.toggled',
      jsonb_build_object('payload', $10::jsonb || jsonb_build_object('name', nb.name, 'toggled_on', nb.toggled_on),
        'actor', $8::jsonb, 'issue', $9::jsonb), $3::int, now()
    FROM seq, numbered nb RETURNING seq)
  SELECT (SELECT json_agg(json_build_object('name', name, 'toggled_on', toggled_on) ORDER BY ord) FROM numbered) AS changes,
    (SELECT max(event_seq) FROM seq) AS head,
    (SELECT count(*)::int FROM ev) AS appended,
    to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
    (SELECT id FROM ins) AS award_id, (SELECT created_at FROM ins) AS award_created_at, (SELECT updated_at FROM ins) AS award_updated_at`;
/** Writes award changes for the award actions (one statement each), publishing their events after. */
let AwardWriter = class AwardWriter {
    events;
    constructor(events) {
        this.events = events;
    }
    async write(awardable, user, name, mode) {
        const other = shared_types_1.EXCLUSIVE_AWARDS[name] ?? null;
        const base = { awardable_type: awardable.type, awardable_id: awardable.id, user, ...(awardable.internal ? { internal: true } : {}) };
        return this.events.autocommit(async (tx) => {
            const [row] = await tx.query('award.write', TEXT, [
                awardable.type, awardable.id, user.id, name, other, mode, awardable.noteable.id, JSON.stringify(user), JSON.stringify(awardable.noteable.ref), JSON.stringify(base),
            ]);
            const changes = (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes ?? []);
            if (changes.length && row.head !== null) {
                const first = Number(row.head) - changes.length + 1;
                tx.recordAppended(awardable.noteable, changes.map((c, k) => ({
                    type: 'award.toggled',
                    seq: first + k,
                    issue: awardable.noteable.ref,
                    payload: { ...base, name: c.name, toggled_on: c.toggled_on },
                    actor: user,
                    at: row.at,
                })));
            }
            return {
                added: row.award_id === null ? null : { id: Number(row.award_id), name, createdAt: new Date(row.award_created_at), updatedAt: new Date(row.award_updated_at) },
                removed: changes.filter((c) => !c.toggled_on).map((c) => c.name),
            };
        });
    }
};
exports.AwardWriter = AwardWriter;
exports.AwardWriter = AwardWriter = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService])
], AwardWriter);
//# sourceMappingURL=award-writer.js.map