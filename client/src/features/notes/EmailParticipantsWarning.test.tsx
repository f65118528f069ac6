import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { EmailParticipantsWarning } from './EmailParticipantsWarning';

describe('EmailParticipantsWarning', () => {
  it('names up to three, then "and N more", which names them all', () => {
    const emails = ['a@x.org', 'b@x.org', 'c@x.org', 'd@x.org', 'e@x.org'];
    render(<EmailParticipantsWarning emails={emails} />);
    const box = screen.getByTestId('email-participants-warning');
    expect(box.textContent).toBe(NOTE_FORM_TEXTS.emailParticipantsWarning(emails.slice(0, 3), 2));
    expect(box.textContent).toBe('a@x.org, b@x.org, c@x.org, and 2 more will be notified of your comment.');
    fireEvent.click(screen.getByRole('button', { name: 'and 2 more' }));
    expect(box.textContent).toBe('a@x.org, b@x.org, c@x.org, d@x.org, e@x.org will be notified of your comment.');
  });

  it('one participant is named; none shows nothing', () => {
    const { rerender } = render(<EmailParticipantsWarning emails={['ext@mail.org']} />);
    expect(screen.getByTestId('email-participants-warning').textContent).toBe('ext@mail.org will be notified of your comment.');
    rerender(<EmailParticipantsWarning emails={[]} />);
    expect(screen.queryByTestId('email-participants-warning')).toBeNull();
  });
});
