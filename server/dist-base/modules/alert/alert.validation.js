"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseAlertPayload = parseAlertPayload;
exports.parseIncidentSettings = parseIncidentSettings;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const zod_input_1 = require("../../core/http/zod-input");
const time = zod_1.z
    .string({ invalid_type_error: shared_types_1.VALIDATION.notString })
    .max(64, shared_types_1.VALIDATION.tooLong(64))
    .refine((s) => !Number.isNaN(Date.parse(s)), shared_types_1.VALIDATION.invalid);
const text = (max) => zod_1.z.string({ invalid_type_error: shared_types_1.VALIDATION.notString }).max(max, shared_types_1.VALIDATION.tooLong(max));
/** GitLab's generic alert payload; other keys are kept as the alert's details. */
const payload = zod_1.z
    .object({
    title: text(200).optional(),
    description: text(1_000_000).optional(),
    start_time: time.optional(),
    end_time: time.optional(),
    severity: zod_1.z.string().max(20).optional(),
    service: text(100).optional(),
    monitoring_tool: text(100).optional(),
    hosts: zod_1.z.union([text(255), zod_1.z.array(text(255)).max(100)]).optional(),
    fingerprint: zod_1.z.union([text(255), zod_1.z.number(), zod_1.z.array(zod_1.z.unknown()), zod_1.z.record(zod_1.z.unknown())]).optional(),
    gitlab_environment_name: text(255).optional(),
})
    .passthrough();
const KNOWN = new Set(['title', 'description', 'start_time', 'end_time', 'severity', 'service', 'monitoring_tool', 'hosts', 'fingerprint']);
/** Parses a generic alert: title defaults to 'New: Alert', severity to critical (unknown values too), start to now. */
function parseAlertPayload(body, now = new Date()) {
    const b = (0, zod_input_1.parseInput)(payload, body);
    const sev = (b.severity ?? 'critical').toLowerCase();
    const fp = b.fingerprint;
    return {
        title: b.title?.trim() || 'New: Alert',
        description: b.description ?? null,
        startedAt: b.start_time ? new Date(b.start_time) : now,
        endedAt: b.end_time ? new Date(b.end_time) : null,
        severity: (shared_types_1.ALERT_SEVERITIES.includes(sev) ? sev : 'critical'),
        service: b.service ?? null,
        monitoringTool: b.monitoring_tool ?? null,
        hosts: b.hosts === undefined ? [] : Array.isArray(b.hosts) ? b.hosts : [b.hosts],
        fingerprint: fp === undefined || fp === '' ? null : typeof fp === 'string' ? fp : JSON.stringify(fp),
        details: Object.fromEntries(Object.entries(b).filter(([k]) => !KNOWN.has(k))),
    };
}
const settings = zod_1.z.object({ sla_minutes: zod_1.z.union([zod_1.z.null(), zod_1.z.coerce.number().int(shared_types_1.VALIDATION.notInteger).positive(shared_types_1.VALIDATION.mustBePositive).max(525_600, shared_types_1.VALIDATION.tooLarge(525_600))]).optional() });
/** PUT incident_management_settings: {sla_minutes: positive minutes or null}. */
function parseIncidentSettings(body) {
    const b = (0, zod_input_1.parseInput)(settings, body);
    return b.sla_minutes === undefined ? {} : { slaMinutes: b.sla_minutes };
}
//# sourceMappingURL=alert.validation.js.map