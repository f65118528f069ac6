import { atom } from 'jotai';
import type { EmailConfirmationNotice } from '@tandem/shared-types';

/** The signed-in user has still to confirm their address (EMAIL_CONFIRMATION=soft), as the page was rendered. */
export const emailConfirmationAtom = atom<EmailConfirmationNotice | null>(null);
emailConfirmationAtom.debugLabel = 'emailConfirmationAtom';
