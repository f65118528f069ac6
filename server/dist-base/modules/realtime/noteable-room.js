"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NoteableRoom = void 0;
exports.isRestricted = isRestricted;
exports.redacted = redacted;
exports.emitTo = emitTo;
const shared_types_1 = require("@tandem/shared-types");
/**
 * A node's state for one noteable it has subscribers for. `seq` is the last event broadcast
 * to the room on this node; every live member has received exactly the events up to it, so a
 * new member replays (after, seq] from the log and then joins. Events from the bus that
 * arrive early wait in `pending` until the missing ones arrive or are read from the log.
 */
class NoteableRoom {
    access;
    key;
    /** Members allowed to see internal notes also sit here. */
    internalKey;
    noteable;
    /** The project whose access changes reach this room (null: outside projects). */
    projectId;
    /** The subscribe target naming this noteable (matches unsubscribes). */
    targetKey;
    seq = null;
    pending = new Map();
    members = new Map();
    ready;
    draining = false;
    gapTimer = null;
    closed = false;
    /** Log reads in flight for replays, by "from:upTo" (shared by members replaying together). */
    replayReads = new Map();
    /** The transaction (its commit-time stamp) whose access change the members were last re-checked for. */
    checkedTx = null;
    /**
     * Set (synchronously, when a control message says access may have changed) until the members
     * are re-checked; live events wait behind it, so none reaches a member who just lost access.
     */
    needsRecheck = false;
    /** Runs the room's delivery loop (set by RoomDelivery): pending events, asked re-checks. */
    wake = () => undefined;
    constructor(grant, access) {
        this.access = access;
        this.noteable = grant.noteable;
        this.projectId = grant.projectId;
        this.targetKey = access.keyOf(grant);
        this.key = (0, shared_types_1.roomFor)(grant.noteable.type, grant.noteable.id);
        this.internalKey = `${this.key}:internal`;
    }
    /** Where the room's signals (`updated`, `resync`, `unsubscribed`) say they come from. */
    get where() {
        return { project_path: this.noteable.ref.project_path, iid: this.noteable.ref.iid };
    }
    /** Adds an event from the bus or the log; returns false if it is old news. */
    offer(e) {
        if (this.seq !== null && e.seq <= this.seq)
            return false;
        if (this.pending.has(e.seq))
            return false;
        this.pending.set(e.seq, e);
        return true;
    }
    /** Forgets what the room already broadcast (after `seq` is known). */
    dropStale() {
        if (this.seq === null)
            return;
        for (const s of [...this.pending.keys()])
            if (s <= this.seq)
                this.pending.delete(s);
    }
    /**
     * True if the transaction `e` belongs to changes access. Its events share `at` (Postgres'
     * now() is the transaction's start) and consecutive seqs, so the check runs before the
     * transaction's first event: a user who lost access sees none of it (not even the system
     * note "made the issue confidential").
     */
    txChangesAccess(e, next) {
        for (let cur = e; cur && cur.at === e.at; cur = next(cur.seq + 1)) {
            if (this.access.changesAccess(cur))
                return true;
        }
        return false;
    }
}
exports.NoteableRoom = NoteableRoom;
/** Internal notes go to reporters and up only. */
function isRestricted(e) {
    return ((e.type === 'note.created' || e.type === 'note.updated') && e.payload.note.internal) || (e.type === 'award.toggled' && e.payload.internal === true);
}
/**
 * What a member who may not read an internal note receives in its place: the same seq (so its
 * sequence has no gap) as a deletion of a note it never had, which applies as a no-op.
 */
function redacted(e) {
    const note = e.type === 'note.created' || e.type === 'note.updated' ? e.payload.note : null;
    // An award on an internal note: a no-op deletion naming the note, and nothing about the award
    const awarded = e.type === 'award.toggled' ? String(e.payload.awardable_id) : null;
    return {
        type: 'note.deleted',
        seq: e.seq,
        issue: e.issue,
        payload: { note_id: note?.id ?? awarded ?? '', discussion_id: note?.discussion_id ?? '' },
        actor: null,
        at: e.at,
    };
}
/** One event to one socket, redacted if it may not read it. */
function emitTo(socket, privileged, e) {
    const out = isRestricted(e) && !privileged ? redacted(e) : e;
    socket.emit(out.type, out);
}
//# sourceMappingURL=noteable-room.js.map