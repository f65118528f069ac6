import { fallbackLabelColor, type LabelColor } from './projectLabels';

/** A label pill in the label's own colour. */
export function LabelBadge({ name, color }: { name: string; color?: LabelColor }) {
  const c = color ?? fallbackLabelColor(name);
  return (
    <span className="label-badge" style={{ backgroundColor: c.color, color: c.text_color }} title={c.description ?? undefined} data-testid="label-badge">
      {name}
    </span>
  );
}
