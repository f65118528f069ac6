import { describe, expect, it } from 'vitest';
import { formatSlaRemaining, slaState } from '@tandem/shared-types';

const DUE = '2026-01-01T12:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('SLA countdown', () => {
  it('counts the minutes left while open, rounding up', () => {
    expect(slaState(DUE, at('2026-01-01T10:30:00Z'), null)).toEqual({ kind: 'remaining', minutes: 90 });
    expect(slaState(DUE, at('2026-01-01T11:59:30Z'), null)).toEqual({ kind: 'remaining', minutes: 1 });
  });
  it('is missed at and after the due time while open', () => {
    expect(slaState(DUE, at(DUE), null)).toEqual({ kind: 'missed' });
    expect(slaState(DUE, at('2026-01-02T00:00:00Z'), null)).toEqual({ kind: 'missed' });
  });
  it('once closed: achieved when closed by the due time, missed after, whatever the clock says', () => {
    expect(slaState(DUE, at('2026-03-01T00:00:00Z'), '2026-01-01T11:00:00Z')).toEqual({ kind: 'achieved' });
    expect(slaState(DUE, at('2026-03-01T00:00:00Z'), DUE)).toEqual({ kind: 'achieved' });
    expect(slaState(DUE, at('2026-01-01T00:00:00Z'), '2026-01-01T12:00:01Z')).toEqual({ kind: 'missed' });
  });
  it('formats days, hours and minutes', () => {
    expect(formatSlaRemaining(42)).toBe('42m');
    expect(formatSlaRemaining(180)).toBe('3h 0m');
    expect(formatSlaRemaining(1440 + 125)).toBe('1d 2h 5m');
  });
});
