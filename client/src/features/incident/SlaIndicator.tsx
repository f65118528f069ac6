import { useEffect, useState } from 'react';
import { formatSlaRemaining, INCIDENT_TEXTS, slaState } from '@tandem/shared-types';

/** The SLA countdown: time left while open (ticking each minute), 'Missed SLA' / 'Achieved SLA' once due or closed. */
export function SlaIndicator({ dueAt, closedAt }: { dueAt: string; closedAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (closedAt) return;
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, [closedAt]);
  const s = slaState(dueAt, now, closedAt);
  const text = s.kind === 'remaining' ? formatSlaRemaining(s.minutes) : s.kind === 'missed' ? INCIDENT_TEXTS.missedSla : INCIDENT_TEXTS.achievedSla;
  return (
    <span data-testid="incident-sla" data-state={s.kind} title={`Due ${new Date(dueAt).toLocaleString()}`}>
      {text}
    </span>
  );
}
