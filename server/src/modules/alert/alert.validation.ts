import { z } from 'zod';
import { ALERT_SEVERITIES, VALIDATION, type AlertSeverity } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';

const time = z
  .string({ invalid_type_error: VALIDATION.notString })
  .max(64, VALIDATION.tooLong(64))
  .refine((s) => !Number.isNaN(Date.parse(s)), VALIDATION.invalid);
const text = (max: number) => z.string({ invalid_type_error: VALIDATION.notString }).max(max, VALIDATION.tooLong(max));

/** GitLab's generic alert payload; other keys are kept as the alert's details. */
const payload = z
  .object({
    title: text(200).optional(),
    description: text(1_000_000).optional(),
    start_time: time.optional(),
    end_time: time.optional(),
    severity: z.string().max(20).optional(),
    service: text(100).optional(),
    monitoring_tool: text(100).optional(),
    hosts: z.union([text(255), z.array(text(255)).max(100)]).optional(),
    fingerprint: z.union([text(255), z.number(), z.array(z.unknown()), z.record(z.unknown())]).optional(),
    gitlab_environment_name: text(255).optional(),
  })
  .passthrough();

export interface AlertPayload {
  title: string;
  description: string | null;
  startedAt: Date;
  endedAt: Date | null;
  severity: AlertSeverity;
  service: string | null;
  monitoringTool: string | null;
  hosts: string[];
  /** The payload's fingerprint, as text (hashed by the store). */
  fingerprint: string | null;
  /** gitlab_environment_name */
  environment: string | null;
  details: Record<string, unknown>;
}

const KNOWN = new Set(['title', 'description', 'start_time', 'end_time', 'severity', 'service', 'monitoring_tool', 'hosts', 'fingerprint', 'gitlab_environment_name']);

/** Parses a generic alert: title defaults to 'New: Alert', severity to critical (unknown values too), start to now. */
export function parseAlertPayload(body: unknown, now = new Date()): AlertPayload {
  const b = parseInput(payload, body);
  const sev = (b.severity ?? 'critical').toLowerCase();
  const fp = b.fingerprint;
  return {
    title: b.title?.trim() || 'New: Alert',
    description: b.description ?? null,
    startedAt: b.start_time ? new Date(b.start_time) : now,
    endedAt: b.end_time ? new Date(b.end_time) : null,
    severity: ((ALERT_SEVERITIES as readonly string[]).includes(sev) ? sev : 'critical') as AlertSeverity,
    service: b.service ?? null,
    monitoringTool: b.monitoring_tool ?? null,
    hosts: b.hosts === undefined ? [] : Array.isArray(b.hosts) ? b.hosts : [b.hosts],
    fingerprint: fp === undefined || fp === '' ? null : typeof fp === 'string' ? fp : JSON.stringify(fp),
    environment: b.gitlab_environment_name?.trim() || null,
    details: Object.fromEntries(Object.entries(b).filter(([k]) => !KNOWN.has(k))),
  };
}

const settings = z.object({ sla_minutes: z.union([z.null(), z.coerce.number().int(VALIDATION.notInteger).positive(VALIDATION.mustBePositive).max(525_600, VALIDATION.tooLarge(525_600))]).optional() });

/** PUT incident_management_settings: {sla_minutes: positive minutes or null}. */
export function parseIncidentSettings(body: unknown): { slaMinutes?: number | null } {
  const b = parseInput(settings, body);
  return b.sla_minutes === undefined ? {} : { slaMinutes: b.sla_minutes };
}
