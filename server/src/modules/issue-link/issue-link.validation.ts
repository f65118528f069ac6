import { z } from 'zod';
import { LINK_TYPES, VALIDATION, type LinkType } from '@tandem/shared-types';
import { parseInput } from '../../core/http/zod-input';

const linkType = z.enum(LINK_TYPES, { errorMap: () => ({ message: VALIDATION.notAllowed(LINK_TYPES) }) }).default('relates_to');
const positiveId = z.coerce.number({ invalid_type_error: VALIDATION.notInteger }).int(VALIDATION.notInteger).positive(VALIDATION.mustBePositive).max(2_147_483_647, VALIDATION.tooLarge(2_147_483_647));

/** POST related issues (page): {issuable_references: string[], link_type}. */
const pageCreate = z.object({
  issuable_references: z.array(z.string().max(2048, VALIDATION.tooLong(2048)), { required_error: VALIDATION.missing, invalid_type_error: VALIDATION.invalid }).min(1, VALIDATION.required).max(100, VALIDATION.invalid),
  link_type: linkType,
});

export function parseRelatedCreate(body: unknown): { references: string[]; linkType: LinkType } {
  const b = parseInput(pageCreate, body);
  return { references: b.issuable_references, linkType: b.link_type };
}

/** POST REST .../links: {target_project_id, target_issue_iid, link_type}. */
const restCreate = z.object({
  target_project_id: z.union([z.string().min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255)), z.number().int()], { required_error: VALIDATION.missing, invalid_type_error: VALIDATION.invalid }),
  target_issue_iid: positiveId,
  link_type: linkType,
});

export function parseLinkCreate(body: unknown): { targetProject: string; targetIid: number; linkType: LinkType } {
  const b = parseInput(restCreate, body);
  return { targetProject: String(b.target_project_id), targetIid: b.target_issue_iid, linkType: b.link_type };
}

/** PUT relation path: {epic: {move_before_id, move_after_id}} (link ids, either may be null). */
const reorder = z.object({
  epic: z.object({ move_before_id: positiveId.nullish(), move_after_id: positiveId.nullish() }, { required_error: VALIDATION.missing }),
});

export function parseReorder(body: unknown): { before: number | null; after: number | null } {
  const b = parseInput(reorder, body);
  return { before: b.epic.move_before_id ?? null, after: b.epic.move_after_id ?? null };
}
