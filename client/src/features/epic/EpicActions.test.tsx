import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CONFIDENTIALITY_TEXTS, TEXTS, type ApiEpic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, stubFetch, type FetchStub } from '../../test/kit';
import { epicAtomFamily, epicKey } from './epicAtoms';
import { EpicActions } from './EpicActions';

const epic = { id: 30, iid: 3, title: 'Roadmap', state: 'opened', confidential: false, references: { full: 'acme&3' } } as unknown as ApiEpic;
const KEY = epicKey('acme', 3);
const EPIC = '/api/v4/groups/acme/epics/3';

describe('EpicActions', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(epicAtomFamily(KEY), epic);
    api = stubFetch({ [`PUT ${EPIC}`]: { ...epic, confidential: true }, [`DELETE ${EPIC}`]: () => new Response(null, { status: 204 }) });
  });

  it('turns confidentiality on after the warning, and the epic follows the answer', async () => {
    render(<EpicActions epic={epic} epicKey={KEY} groupPath="acme" canUpdate canDestroy={false} />);
    expect(screen.queryByTestId('epic-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('epic-confidentiality'));
    expect(screen.getByText(CONFIDENTIALITY_TEXTS.warnTurnOn('epic'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.turnOn }));
    await waitFor(() => expect(appStore.get(epicAtomFamily(KEY))!.confidential).toBe(true));
    expect(api.lastCall(`PUT ${EPIC}`).body).toEqual({ confidential: true });
  });

  it("Delete asks 'Delete this epic and all descendants?' and goes to the group's epics; a failure says so", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<EpicActions epic={epic} epicKey={KEY} groupPath="acme" canUpdate={false} canDestroy />);
    expect(screen.queryByTestId('epic-confidentiality')).toBeNull();
    fireEvent.click(screen.getByTestId('epic-delete'));
    expect(screen.getByText(TEXTS.confirmDeleteEpic)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete epic' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/groups/acme/-/epics'));
    vi.unstubAllGlobals();
  });

  it('a refused delete says so and stays', async () => {
    api.on({ [`DELETE ${EPIC}`]: () => jsonResponse({ message: '403 Forbidden' }, { status: 403 }) });
    render(<EpicActions epic={epic} epicKey={KEY} groupPath="acme" canUpdate={false} canDestroy />);
    fireEvent.click(screen.getByTestId('epic-delete'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete epic' }));
    expect(await screen.findByText(TEXTS.errorDeleting('epic'))).toBeTruthy();
  });

  it('shows nothing to those who may do neither', () => {
    const { container } = render(<EpicActions epic={epic} epicKey={KEY} groupPath="acme" canUpdate={false} canDestroy={false} />);
    expect(container.textContent).toBe('');
  });
});
