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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.DescriptionVersionStore = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../../core/config/config");
const note_entity_1 = require("../note.entity");
const note_finder_1 = require("../note.finder");
const note_mapper_1 = require("../note.mapper");
const description_merge_1 = require("./description-merge");
const description_version_entity_1 = require("./description-version.entity");
/**
 * Description versions (spec discussions §4): one row per description an issue had, written in
 * the transaction of the change; the merge of a run of "changed the description" notes; the
 * soft delete. The notes carry their version (notes.description_version_id).
 */
let DescriptionVersionStore = class DescriptionVersionStore {
    ds;
    config;
    notes;
    constructor(ds, config, notes) {
        this.ds = ds;
        this.config = config;
        this.notes = notes;
    }
    /** The first version, with a new issue's description (no note: creating is not a change). */
    async recordInitial(m, issueId, authorId, description) {
        if (!description)
            return;
        await m.query('INSERT INTO description_versions (issue_id, description, author_id) VALUES ($1, $2, $3)', [issueId, description, authorId]);
    }
    /**
     * A description change inside the caller's transaction (the issue row locked): the new
     * version and, in one statement, the issue's latest description note, to decide the merge
     * with the transaction's clock.
     */
    async recordChange(tx, issueId, authorId, description, previous) {
        const [row] = await tx.query('description-version.record', 
        // An issue without versions yet (older than them, or seeded) first gets its previous
        // description as one (GitLab's save_description_version), so the first compare is true;
        // the new version reads `base` so that it is numbered after it
        `WITH base AS (INSERT INTO description_versions (issue_id, description, author_id)
         SELECT $1, $4::text, $5::int WHERE COALESCE($4::text, '') <> '' AND NOT EXISTS (SELECT 1 FROM description_versions WHERE issue_id = $1)
         RETURNING id),
       v AS (INSERT INTO description_versions (issue_id, description, author_id) SELECT $1, $2, $3 FROM (SELECT count(*) FROM base) b RETURNING id, created_at)
       SELECT v.id AS version_id, v.created_at AS now, prev.id AS note_id, prev.author_id, prev.updated_at, prev.description_version_deleted AS deleted
       FROM v LEFT JOIN LATERAL (
         SELECT n.id, n.author_id, n.updated_at, n.description_version_deleted FROM notes n
         WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND n.description_version_id IS NOT NULL
         ORDER BY n.id DESC LIMIT 1) prev ON true`, [issueId, description, authorId, previous.description, previous.authorId]);
        const prev = row.note_id === null ? null : { authorId: row.author_id === null ? null : Number(row.author_id), updatedAt: new Date(row.updated_at), versionDeleted: !!row.deleted };
        const merge = (0, description_merge_1.mergesIntoPrevious)(prev, authorId, new Date(row.now));
        return { versionId: Number(row.version_id), mergeIntoNoteId: merge ? Number(row.note_id) : null };
    }
    /**
     * Folds a new version into the previous description note: it now shows the new version and
     * keeps the run's first (start_description_version_id), so the compare covers the whole run.
     */
    async mergeNote(tx, noteable, noteId, versionId, actor) {
        await tx.query('description-version.merge-note', `UPDATE notes SET start_description_version_id = COALESCE(start_description_version_id, description_version_id),
         description_version_id = $2, updated_at = now() WHERE id = $1`, [noteId, versionId]);
        await this.announce(tx, noteable, [noteId], actor);
    }
    async find(issueId, versionId, m = this.ds.manager) {
        return m.getRepository(description_version_entity_1.DescriptionVersion).findOneBy({ id: versionId, issueId });
    }
    /** The description before `versionId` (the issue's previous version; '' before the first). */
    async descriptionBefore(issueId, versionId) {
        const [row] = (await this.ds.query('SELECT description FROM description_versions WHERE issue_id = $1 AND id < $2 ORDER BY id DESC LIMIT 1', [issueId, versionId]));
        return row?.description ?? '';
    }
    /**
     * Soft-deletes a version (with `startId`, the merged run from it) and marks the notes that
     * show it; each such note is announced with note.updated.
     */
    async softDelete(tx, noteable, version, startId, actor) {
        await tx.query('description-version.delete', `UPDATE description_versions SET deleted_at = now() WHERE issue_id = $1 AND id BETWEEN $2 AND $3 AND deleted_at IS NULL`, [version.issueId, Math.min(startId ?? version.id, version.id), version.id]);
        const rows = await tx.query('description-version.delete-notes', `UPDATE notes SET description_version_deleted = true, updated_at = now()
       WHERE noteable_type = 'Issue' AND noteable_id = $1 AND description_version_id = $2 RETURNING id`, [version.issueId, version.id]);
        await this.announce(tx, noteable, rows.map((r) => Number(r.id)), actor);
    }
    /** note.updated for each note, as the API shows it after the change. */
    async announce(tx, noteable, noteIds, actor) {
        if (!noteIds.length)
            return;
        const notes = await tx.manager.getRepository(note_entity_1.Note).createQueryBuilder('n').whereInIds(noteIds).getMany();
        const users = await this.notes.users((0, note_mapper_1.userIdsOf)(notes), tx.manager);
        const ctx = { noteableIid: noteable.ref.iid, noteableUrl: (0, note_mapper_1.noteablePageUrl)(this.config.publicUrl, noteable), users };
        for (const n of notes)
            tx.recordLater(noteable, 'note.updated', { note: (0, note_mapper_1.toApiNote)(n, ctx) }, actor);
    }
};
exports.DescriptionVersionStore = DescriptionVersionStore;
exports.DescriptionVersionStore = DescriptionVersionStore = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, note_finder_1.NoteFinder])
], DescriptionVersionStore);
//# sourceMappingURL=description-version.store.js.map