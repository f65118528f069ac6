import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AddRelatedIssuesForm } from './AddRelatedIssuesForm';

const addButton = () => screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
const input = () => screen.getByLabelText('the following issues');

describe('AddRelatedIssuesForm', () => {
  afterEach(cleanup);

  it('# offers the project\'s issues; choosing one makes it a pending token, Escape closes the list before the form', async () => {
    const suggest = vi.fn().mockResolvedValue([{ iid: 12, title: 'Checkout API returns 502' }, { iid: 3, title: 'Dark mode' }]);
    const onCancel = vi.fn();
    render(<AddRelatedIssuesForm onSubmit={vi.fn()} onCancel={onCancel} suggest={suggest} />);
    fireEvent.change(input(), { target: { value: '#che' } });
    expect(await screen.findByRole('option', { name: '#12 Checkout API returns 502' }, { timeout: 5000 })).toBeTruthy();
    expect(suggest).toHaveBeenLastCalledWith('che', expect.anything());
    expect(input().getAttribute('role')).toBe('combobox');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getAllByTestId('related-pending-token').map((t) => t.textContent)).toEqual(['#12']);
    fireEvent.change(input(), { target: { value: '#' } });
    await screen.findByRole('option', { name: '#3 Dark mode' }, { timeout: 5000 });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('option')).toBeNull();
  }, 20_000);

  it('Add is disabled while the input and the pending list are both empty', () => {
    render(<AddRelatedIssuesForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(addButton().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(addButton().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '4' } });
    expect(addButton().disabled).toBe(false);
  });

  it('shows typed references as pending tokens, removable one by one, and sends them with the relation', async () => {
    const onSubmit = vi.fn().mockResolvedValue(null);
    render(<AddRelatedIssuesForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(), { target: { value: '2 3 2 ' } });
    expect(screen.getAllByTestId('related-pending-token').map((t) => t.textContent)).toEqual(['#2', '#3']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove #3' }));
    expect(screen.getAllByTestId('related-pending-token').map((t) => t.textContent)).toEqual(['#2']);
    expect((screen.getByLabelText('relates to') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('blocks'));
    fireEvent.change(input(), { target: { value: 'g/q#7' } });
    await act(async () => fireEvent.click(addButton()));
    expect(onSubmit).toHaveBeenCalledWith(['#2', 'g/q#7'], 'blocks');
    expect(screen.queryAllByTestId('related-pending-token')).toEqual([]);
  });

  it('is disabled while submitting and shows the server message after, keeping the references', async () => {
    let answer!: (m: string | null) => void;
    const onSubmit = vi.fn(() => new Promise<string | null>((r) => (answer = r)));
    render(<AddRelatedIssuesForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(), { target: { value: '99' } });
    fireEvent.click(addButton());
    expect(addButton().disabled).toBe(true);
    await act(async () => answer('No matching issue found. Make sure that you are adding a valid issue URL.'));
    expect(screen.getByRole('alert').textContent).toBe('No matching issue found. Make sure that you are adding a valid issue URL.');
    expect(screen.getAllByTestId('related-pending-token').map((t) => t.textContent)).toEqual(['#99']);
    expect(addButton().disabled).toBe(false);
  });

  it('Cancel and Escape close the form', () => {
    const onCancel = vi.fn();
    render(<AddRelatedIssuesForm onSubmit={vi.fn()} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
