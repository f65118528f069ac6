"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runNoteStatement = runNoteStatement;
exports.fillPayload = fillPayload;
const ID_PATH = '{payload,note,id}';
const URL_PATH = '{payload,note,noteable_note_url}';
/** Runs `ctes` + the event append as one prepared statement on `tx`. */
async function runNoteStatement(tx, name, noteable, actor, urlPrefix, ctes, planned) {
    const values = [];
    const param = (v) => {
        values.push(v);
        return `$${values.length}`;
    };
    const own = ctes(param);
    const text = `WITH ${own},
    now_iso AS (SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso),
    ev AS (SELECT e.type, e.payload, e.time_paths, e.fill_id, c.id AS note_id, row_number() OVER (ORDER BY e.ord) AS rn
      FROM unnest(${param(planned.map((e) => e.key))}::text[], ${param(planned.map((e) => e.type))}::text[],
        ${param(planned.map((e) => JSON.stringify({ payload: e.payload, actor, issue: noteable.ref })))}::text[],
        ${param(planned.map((e) => e.timePaths.join(';')))}::text[], ${param(planned.map((e) => e.fillId === true))}::boolean[])
        WITH ORDINALITY AS e(key, type, payload, time_paths, fill_id, ord)
      JOIN changed c ON c.key = e.key),
    counted AS (SELECT count(*)::int AS n FROM ev),
    seq AS (UPDATE issues SET event_seq = issues.event_seq + counted.n FROM counted
      WHERE issues.id = ${param(noteable.id)}::int AND counted.n > 0 RETURNING issues.event_seq - counted.n AS base),
    appended AS (INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
      SELECT ${param(noteable.type)}, ${param(noteable.id)}::int, seq.base + ev.rn::int, ev.type,
        CASE WHEN ev.fill_id
          THEN jsonb_set(jsonb_set(tandem_jsonb_fill(ev.payload::jsonb, string_to_array(ev.time_paths, ';'), to_jsonb(now_iso.iso)),
            '${ID_PATH}', to_jsonb(ev.note_id::text)), '${URL_PATH}', to_jsonb(${param(urlPrefix)}::text || ev.note_id))
          ELSE tandem_jsonb_fill(ev.payload::jsonb, string_to_array(ev.time_paths, ';'), to_jsonb(now_iso.iso)) END,
        ${param(actor.id)}::int, now()
      FROM ev, seq, now_iso)
    SELECT (SELECT iso FROM now_iso) AS now_iso, (SELECT base FROM seq) AS base,
      COALESCE((SELECT json_agg(json_build_object('key', key, 'id', id)) FROM changed), '[]'::json) AS changed`;
    const rows = await tx.query(name, text, values);
    const row = rows[0];
    const changedRows = typeof row.changed === 'string' ? JSON.parse(row.changed) : row.changed;
    const changed = new Map(changedRows.map((c) => [c.key, Number(c.id)]));
    const at = row.now_iso;
    const firing = planned.filter((e) => changed.has(e.key));
    const base = row.base === null ? 0 : Number(row.base);
    const events = firing.map((e, k) => ({
        type: e.type,
        seq: base + k + 1,
        issue: noteable.ref,
        payload: fillPayload(e, at, changed.get(e.key), urlPrefix),
        actor,
        at,
    }));
    if (events.length)
        tx.recordAppended(noteable, events);
    return { at, changed, events };
}
/** The JS side of the statement's fills: times at `timePaths`, and the new id and permalink. */
function fillPayload(e, at, id, urlPrefix) {
    const copy = structuredClone(e.payload);
    const set = (path, value) => {
        const [, ...keys] = path.slice(1, -1).split(',');
        let node = copy;
        for (const k of keys.slice(0, -1))
            node = node[k];
        node[keys[keys.length - 1]] = value;
    };
    for (const p of e.timePaths)
        set(p, at);
    if (e.fillId) {
        set(ID_PATH, String(id));
        set(URL_PATH, `${urlPrefix}${id}`);
    }
    return copy;
}
//# sourceMappingURL=note-statement.js.map