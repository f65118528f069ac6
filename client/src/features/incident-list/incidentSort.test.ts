import { describe, expect, it } from 'vitest';
import { incidentSlaText, severityRank } from '@tandem/shared-types';

describe('incident list helpers', () => {
  it('ranks severity CRITICAL > HIGH > MEDIUM > LOW > UNKNOWN, unknown values last', () => {
    const sorted = ['LOW', 'UNKNOWN', 'CRITICAL', 'MEDIUM', 'HIGH', 'bogus'].sort((a, b) => severityRank(a) - severityRank(b));
    expect(sorted.slice(0, 5)).toEqual(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN']);
    expect(severityRank('bogus')).toBe(severityRank('UNKNOWN'));
    expect(severityRank(null)).toBe(4);
  });

  it('SLA text: remaining time, Missed SLA past due, Achieved/Missed once closed, empty without an SLA', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(incidentSlaText('2026-01-02T12:30:00Z', now, null)).toBe('1d 2h 30m');
    expect(incidentSlaText('2026-01-01T10:42:00Z', now, null)).toBe('42m');
    expect(incidentSlaText('2026-01-01T09:00:00Z', now, null)).toBe('Missed SLA');
    expect(incidentSlaText('2026-01-01T09:00:00Z', now, '2026-01-01T08:00:00Z')).toBe('Achieved SLA');
    expect(incidentSlaText('2026-01-01T09:00:00Z', now, '2026-01-01T09:30:00Z')).toBe('Missed SLA');
    expect(incidentSlaText(null, now, null)).toBe('');
  });
});
