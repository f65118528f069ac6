import { atom, useAtomValue } from 'jotai';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EPIC_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { promoteToEpic } from './epicApi';

type PromotionState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; webPath: string } | { kind: 'failed' };

/** The page's one promotion at a time (the menu closes on select; the message outlives it). */
export const epicPromotionAtom = atom<PromotionState>({ kind: 'idle' });
epicPromotionAtom.debugLabel = 'epicPromotionAtom';

/** How long the success message shows before the page goes to the new epic. */
export const PROMOTE_REDIRECT_DELAY_MS = 1000;

/** GraphQL promoteToEpic; on success the spec's message, then the epic's page. */
export async function runPromotion(projectPath: string, iid: number, navigate: (path: string) => void = (p) => window.location.assign(p)): Promise<void> {
  if (appStore.get(epicPromotionAtom).kind === 'busy') return;
  appStore.set(epicPromotionAtom, { kind: 'busy' });
  try {
    const res = await promoteToEpic(projectPath, iid);
    if (res.errors.length || !res.webPath) throw new Error(res.errors.join(' '));
    const webPath = res.webPath;
    appStore.set(epicPromotionAtom, { kind: 'done', webPath });
    setTimeout(() => navigate(webPath), PROMOTE_REDIRECT_DELAY_MS);
  } catch {
    appStore.set(epicPromotionAtom, { kind: 'failed' });
  }
}

/** The header dropdown's 'Promote to epic' item (shown by canPromoteToEpic). */
export function PromoteToEpicItem({ projectPath, iid }: { projectPath: string; iid: number }) {
  const busy = useAtomValue(epicPromotionAtom, { store: appStore }).kind === 'busy';
  return (
    <DropdownMenu.Item className="menu__item" disabled={busy} onSelect={() => void runPromotion(projectPath, iid)}>
      {EPIC_TEXTS.promoteItem}
    </DropdownMenu.Item>
  );
}

/** The promotion's outcome under the header: success (then the redirect) or the failure text. */
export function PromoteToEpicStatus() {
  const state = useAtomValue(epicPromotionAtom, { store: appStore });
  if (state.kind === 'done') return <Alert variant="success" testId="promote-epic-status">{EPIC_TEXTS.promoteSuccess}</Alert>;
  if (state.kind === 'failed')
    return (
      <Alert variant="danger" testId="promote-epic-status" onDismiss={() => appStore.set(epicPromotionAtom, { kind: 'idle' })}>
        {EPIC_TEXTS.promoteFailed}
      </Alert>
    );
  return null;
}
