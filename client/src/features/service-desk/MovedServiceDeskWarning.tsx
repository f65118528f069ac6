import { useState } from 'react';
import { SERVICE_DESK_TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { isMovedWarningDismissed, rememberMovedWarningDismissed } from './movedWarningDismissal';

/**
 * Spec §1/§2: the dismissible warning on a service-desk issue moved into a project without
 * Service Desk (the server decides it applies: page data movedServiceDeskWarning); its external
 * author gets no more mail. Closing it is remembered per issue in local storage.
 */
export function MovedServiceDeskWarning({ issueId, applies }: { issueId: number; applies: boolean }) {
  const [dismissed, setDismissed] = useState(() => isMovedWarningDismissed(issueId));
  if (!applies || dismissed) return null;
  return (
    <Alert
      variant="warning"
      testId="moved-service-desk-warning"
      onDismiss={() => {
        rememberMovedWarningDismissed(issueId);
        setDismissed(true);
      }}
    >
      {SERVICE_DESK_TEXTS.movedWarning}
    </Alert>
  );
}
