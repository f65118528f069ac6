import { describe, expect, it } from 'vitest';
import { dueDateLabel, isPastDue, labelTextColor, onePerScope, scopedLabelParts, sortMilestones, TAXONOMY_TEXTS } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';

describe('scoped labels', () => {
  it('splits at the last ::', () => {
    expect(scopedLabelParts('priority::high')).toEqual({ key: 'priority', value: 'high' });
    expect(scopedLabelParts('team::web::frontend')).toEqual({ key: 'team::web', value: 'frontend' });
    expect(scopedLabelParts('bug')).toBeNull();
    expect(scopedLabelParts('::x')).toBeNull();
    expect(scopedLabelParts('x::')).toBeNull();
  });

  it('keeps one label per scope: the one added last wins', () => {
    const l = (id: number, title: string) => ({ id, title });
    expect(onePerScope([l(1, 'sev::1'), l(2, 'bug')], [l(3, 'sev::2')]).map((x) => x.title)).toEqual(['bug', 'sev::2']);
    expect(onePerScope([], [l(1, 'sev::1'), l(3, 'Sev::2')]).map((x) => x.title)).toEqual(['Sev::2']);
    // Different scopes (team::web vs team) do not replace each other
    expect(onePerScope([l(1, 'team::web::a')], [l(2, 'team::b')]).map((x) => x.title)).toEqual(['team::web::a', 'team::b']);
  });
});

describe('label text colour', () => {
  it('is dark on light backgrounds and light on dark ones, for #hex, rgb and rgba', () => {
    expect(labelTextColor('#FFEE00')).toBe('#333333');
    expect(labelTextColor('#111111')).toBe('#FFFFFF');
    expect(labelTextColor('#fff')).toBe('#333333');
    expect(labelTextColor('rgb(250, 250, 250)')).toBe('#333333');
    expect(labelTextColor('rgba(10, 10, 10, 0.5)')).toBe('#FFFFFF');
    // Not starting with #, rgb or rgba: not a colour we read
    expect(labelTextColor('ffffff')).toBe('#FFFFFF');
    expect(labelTextColor('red')).toBe('#FFFFFF');
  });
});

describe('label button text', () => {
  it("reads 'Label', the one title, or 'first +N more'", () => {
    expect(TAXONOMY_TEXTS.labelsSummary([])).toBe('Label');
    expect(TAXONOMY_TEXTS.labelsSummary(['bug'])).toBe('bug');
    expect(TAXONOMY_TEXTS.labelsSummary(['bug', 'ui', 'ci'])).toBe('bug +2 more');
  });
});

describe('milestone order', () => {
  it('puts expired last, then by due date ascending, undated after dated', () => {
    const today = '2030-05-10';
    const list = [
      { title: 'undated', due_date: null },
      { title: 'late', due_date: '2030-06-30' },
      { title: 'expired', due_date: '2030-05-01' },
      { title: 'soon', due_date: '2030-05-11' },
      { title: 'flagged', due_date: '2030-05-12', expired: true },
    ];
    expect(sortMilestones(list, today).map((m) => m.title)).toEqual(['soon', 'late', 'undated', 'expired', 'flagged']);
  });
});

describe('due date display', () => {
  const today = '2030-05-08'; // a Wednesday
  it('says Today, Tomorrow, Yesterday, a weekday for 2-6 days ahead, otherwise d mmm, yyyy', () => {
    expect(dueDateLabel('2030-05-08', today)).toBe('Today');
    expect(dueDateLabel('2030-05-09', today)).toBe('Tomorrow');
    expect(dueDateLabel('2030-05-07', today)).toBe('Yesterday');
    expect(dueDateLabel('2030-05-10', today)).toBe('Friday');
    expect(dueDateLabel('2030-05-14', today)).toBe('Tuesday');
    expect(dueDateLabel('2030-05-15', today)).toBe('15 May, 2030');
    expect(dueDateLabel('2030-05-01', today)).toBe('1 May, 2030');
  });
  it('is past due when earlier than today and the issue is not closed', () => {
    expect(isPastDue('2030-05-07', today, 'opened')).toBe(true);
    expect(isPastDue('2030-05-07', today, 'closed')).toBe(false);
    expect(isPastDue('2030-05-08', today, 'opened')).toBe(false);
    expect(isPastDue(null, today, 'opened')).toBe(false);
  });
});

describe('system notes', () => {
  it("uses GitLab's milestone wording", () => {
    expect(systemNotes.milestone({ title: 'v1.0' }).body).toBe('changed milestone to %v1.0');
    expect(systemNotes.milestone({ title: 'Sprint 1' }).body).toBe('changed milestone to %"Sprint 1"');
    expect(systemNotes.milestone(null).body).toBe('removed milestone');
  });
});
