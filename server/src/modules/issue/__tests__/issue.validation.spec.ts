import { describe, expect, it } from 'vitest';
import { LIMITS } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { parseIssueCreate, parseIssueUpdate, parseLockVersion } from '../issue.validation';

/** The field-keyed errors a call throws (GitLab's 400 {"message": {"field": [...]}}). */
function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e.fields;
    throw e;
  }
  throw new Error('expected a ValidationError');
}

describe('parseIssueCreate', () => {
  it('accepts a minimal issue and trims the title', () => {
    expect(parseIssueCreate({ title: '  Fix the login  ' })).toMatchObject({ title: 'Fix the login' });
  });

  it.each([[{}], [{ title: '' }], [{ title: '   ' }], [{ title: null }]])('refuses a missing or blank title %j', (raw) => {
    expect(errorsOf(() => parseIssueCreate(raw))).toEqual({ title: ["can't be blank"] });
  });

  it('allows exactly 255 characters of title and refuses 256', () => {
    expect(parseIssueCreate({ title: 'x'.repeat(LIMITS.titleMaxLength) }).title).toHaveLength(255);
    expect(errorsOf(() => parseIssueCreate({ title: 'x'.repeat(256) }))).toEqual({ title: ['is too long (maximum is 255 characters)'] });
  });

  it('allows a 1,048,576-character description and refuses one more', () => {
    expect(LIMITS.descriptionMaxLength).toBe(1_048_576);
    expect(parseIssueCreate({ title: 't', description: 'd'.repeat(1_048_576) }).description).toHaveLength(1_048_576);
    expect(errorsOf(() => parseIssueCreate({ title: 't', description: 'd'.repeat(1_048_577) }))).toEqual({
      description: ['is too long (maximum is 1048576 characters)'],
    });
  });

  it('names every bad field at once', () => {
    const e = errorsOf(() =>
      parseIssueCreate({ title: 42, description: ['x'], confidential: 'maybe', issue_type: 'epic', assignee_ids: ['a'], due_date: '31/12/2025', labels: { a: 1 } }),
    );
    expect(Object.keys(e).sort()).toEqual(['assignee_ids', 'confidential', 'description', 'due_date', 'issue_type', 'labels', 'title']);
    expect(e.title).toEqual(['must be a string']);
    expect(e.confidential).toEqual(['must be a boolean']);
    expect(e.issue_type).toEqual(['must be one of: issue, incident, test_case']);
    expect(e.due_date).toEqual(['must be a date in YYYY-MM-DD format']);
  });

  it('reads GitLab value forms: booleans as strings, comma-separated labels, type in any case', () => {
    expect(parseIssueCreate({ title: 't', confidential: 'true', labels: 'bug, ui,bug', issue_type: 'INCIDENT', assignee_ids: '3,4', due_date: '2030-01-31' })).toMatchObject({
      confidential: true,
      labels: { set: [{ title: 'bug' }, { title: 'ui' }] },
      issueType: 'incident',
      assigneeIds: [3, 4],
      dueDate: '2030-01-31',
    });
  });

  it('refuses impossible dates and non-positive ids', () => {
    for (const d of ['2030-13-45', '2030-02-30', '2031-02-29', '0000-01-01'])
      expect(errorsOf(() => parseIssueCreate({ title: 't', due_date: d }))).toHaveProperty('due_date');
    expect(parseIssueCreate({ title: 't', due_date: '2028-02-29' }).dueDate).toBe('2028-02-29');
    expect(errorsOf(() => parseIssueCreate({ title: 't', assignee_ids: [-1] }))).toHaveProperty('assignee_ids');
    expect(errorsOf(() => parseIssueCreate({ title: 't', labels: ['x'.repeat(256)] }))).toEqual({ labels: ['is too long (maximum is 255 characters)'] });
  });
});

describe('parseIssueUpdate', () => {
  it('requires at least one updatable parameter (GitLab names them all)', () => {
    const e = errorsOf(() => parseIssueUpdate({ lock_version: 3, foo: 'bar' }));
    expect(e.base![0]).toMatch(/^title, description, state_event, .* are missing, at least one parameter must be provided$/);
  });

  it('refuses a blank title only when a title is sent', () => {
    expect(errorsOf(() => parseIssueUpdate({ title: ' ' }))).toEqual({ title: ["can't be blank"] });
    expect(errorsOf(() => parseIssueUpdate({ title: null }))).toEqual({ title: ["can't be blank"] });
    expect(parseIssueUpdate({ description: 'only the description' })).toEqual({ description: 'only the description' });
  });

  it('refuses an overlong title and description', () => {
    expect(errorsOf(() => parseIssueUpdate({ title: 'x'.repeat(256), description: 'y'.repeat(1_048_577) }))).toEqual({
      title: ['is too long (maximum is 255 characters)'],
      description: ['is too long (maximum is 1048576 characters)'],
    });
  });

  it.each(['open', 'closed', 'delete', '', 1, true])('refuses state_event %j', (v) => {
    expect(errorsOf(() => parseIssueUpdate({ state_event: v }))).toEqual({ state_event: ['must be one of: close, reopen'] });
  });

  it('accepts close and reopen in any case', () => {
    expect(parseIssueUpdate({ state_event: 'CLOSE' }).stateEvent).toBe('close');
    expect(parseIssueUpdate({ state_event: 'reopen' }).stateEvent).toBe('reopen');
  });

  it('refuses labels together with add_labels or remove_labels', () => {
    expect(errorsOf(() => parseIssueUpdate({ labels: 'a', add_labels: 'b' }))).toEqual({ labels: ['is mutually exclusive with add_labels and remove_labels'] });
  });

  it('clears the description, due date and assignees with null or empty values', () => {
    expect(parseIssueUpdate({ description: null, due_date: '', assignee_ids: 0 })).toMatchObject({ description: null, dueDate: null, assigneeIds: [] });
  });

  it.each([[{ confidential: 'yes' }, 'confidential'], [{ discussion_locked: 2 }, 'discussion_locked'], [{ issue_type: 'task' }, 'issue_type'], [{ assignee_ids: 'x' }, 'assignee_ids'], [{ due_date: 12 }, 'due_date'], [{ description: 5 }, 'description']])(
    'refuses a bad type %j',
    (raw, field) => {
      expect(Object.keys(errorsOf(() => parseIssueUpdate(raw)))).toEqual([field]);
    },
  );
});

describe('parseLockVersion', () => {
  it('reads absent, numbers and numeric strings', () => {
    expect(parseLockVersion(undefined)).toBeUndefined();
    expect(parseLockVersion(null)).toBeUndefined();
    expect(parseLockVersion(3)).toBe(3);
    expect(parseLockVersion('12')).toBe(12);
  });
  it.each([-1, 1.5, 'abc', '1e3', {}, true])('refuses %j', (v) => {
    expect(errorsOf(() => parseLockVersion(v))).toEqual({ lock_version: ['must be an integer'] });
  });
});
