import { scopedLabelParts } from '@tandem/shared-types';
import { LabelBadge } from '../../labels/LabelBadge';
import { fallbackLabelColor, type LabelColor } from '../../labels/projectLabels';

/** A label pill; a scoped label ('key::value', split at the last '::') reads as a key|value badge. */
export function ScopedLabelBadge({ name, color }: { name: string; color?: LabelColor }) {
  const parts = scopedLabelParts(name);
  if (!parts) return <LabelBadge name={name} color={color} />;
  const c = color ?? fallbackLabelColor(name);
  return (
    <span className="label-badge label-badge--scoped" style={{ borderColor: c.color }} title={c.description ?? name} data-testid="label-badge" data-label={name}>
      <span className="label-badge__key" style={{ backgroundColor: c.color, color: c.text_color }}>
        {parts.key}
      </span>
      {/* The full title stays the badge's text (copy, search, screen readers) */}
      <span className="visually-hidden">::</span>
      <span className="label-badge__value">{parts.value}</span>
    </span>
  );
}
