/**
 * Typed issue references as the add form reads them (spec §5): split on whitespace, empty pieces
 * dropped, a piece starting with a digit gets '#'. Duplicates are dropped, keeping the first.
 */
export function parseReferences(input: string): string[] {
  const refs = input
    .split(/\s+/)
    .filter(Boolean)
    .map((r) => (/^\d/.test(r) ? `#${r}` : r));
  return [...new Set(refs)];
}

/** Adds references to the pending list, never twice. */
export function addPending(pending: string[], refs: string[]): string[] {
  const next = [...pending];
  for (const r of refs) if (!next.includes(r)) next.push(r);
  return next;
}

/**
 * What typing does to the input: every piece finished by whitespace becomes a pending token, the
 * piece still being typed stays in the input.
 */
export function splitTyped(value: string): { done: string[]; rest: string } {
  const m = /^(.*\s)(\S*)$/s.exec(value);
  if (!m) return { done: [], rest: value };
  return { done: parseReferences(m[1]!), rest: m[2]! };
}
