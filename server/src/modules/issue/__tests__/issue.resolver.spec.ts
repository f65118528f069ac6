import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../core/errors/app-error';
import { messagesOf } from '../issue.resolver';

describe('GraphQL payload errors', () => {
  it('reads as Rails full messages, naming the field', () => {
    expect(messagesOf(new ValidationError({ title: ["can't be blank"] }))).toEqual(["Title can't be blank"]);
    expect(messagesOf(new ValidationError({ title: ['is too long (maximum is 255 characters)'], due_date: ['must be a date in YYYY-MM-DD format'] }))).toEqual([
      'Title is too long (maximum is 255 characters)',
      'Due date must be a date in YYYY-MM-DD format',
    ]);
  });
  it('keeps full sentences and base errors as they are', () => {
    expect(messagesOf(new ValidationError({ assignee_ids: ['Cannot assign @erin to #4'], base: ['nothing to do'] }))).toEqual(['Cannot assign @erin to #4', 'nothing to do']);
  });
});
