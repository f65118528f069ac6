import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SERVICE_DESK_TEXTS, serviceDeskWarningStorageKey } from '@tandem/shared-types';
import { MovedServiceDeskWarning } from './MovedServiceDeskWarning';

describe('MovedServiceDeskWarning', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('shows the warning when it applies, and nothing when it does not', () => {
    const { unmount } = render(<MovedServiceDeskWarning issueId={41} applies={false} />);
    expect(screen.queryByTestId('moved-service-desk-warning')).toBeNull();
    unmount();
    render(<MovedServiceDeskWarning issueId={41} applies />);
    const alert = screen.getByTestId('moved-service-desk-warning');
    expect(alert.textContent).toContain(SERVICE_DESK_TEXTS.movedWarning);
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('the close button hides it and a new render (a reload) keeps it hidden for that issue only', () => {
    const first = render(<MovedServiceDeskWarning issueId={41} applies />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('moved-service-desk-warning')).toBeNull();
    expect(localStorage.getItem(serviceDeskWarningStorageKey(41))).toBe('true');
    first.unmount();

    render(<MovedServiceDeskWarning issueId={41} applies />);
    expect(screen.queryByTestId('moved-service-desk-warning')).toBeNull();
    cleanup();
    // Another moved issue still warns
    render(<MovedServiceDeskWarning issueId={42} applies />);
    expect(screen.getByTestId('moved-service-desk-warning').textContent).toContain(SERVICE_DESK_TEXTS.movedWarning);
  });
});
