import { Inject, Injectable } from '@nestjs/common';
import type { LinkType } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { issueNoteable } from '../../issue/issue-context';
import type { LoadedIssue } from '../../issue/issue.loader';
import { systemNotes } from '../../note/system-notes';
import { referenceFrom } from '../issue-link.mapper';
import { LinkNotes, type LinkSide } from '../link-notes';
import { linkAdmin } from './link-context';

const INVERSE: Record<LinkType, LinkType> = { relates_to: 'relates_to', blocks: 'is_blocked_by', is_blocked_by: 'blocks' };

export interface CreatedLink {
  linkId: number;
  target: LoadedIssue;
}

/**
 * Links an issue to others (GitLab's IssueLinks::CreateService). Policy: admin_issue on the
 * source, read on every target (the caller resolved them as the actor). `is_blocked_by` is
 * stored as the target blocking the source. In one transaction: the links, a system note and
 * an `issue.links` event on both issues. Every target linked already: 409.
 */
@Injectable()
export class CreateIssueLinksAction {
  constructor(
    private readonly events: EventLogService,
    private readonly linkNotes: LinkNotes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(actor: Actor | null, source: LoadedIssue, targets: LoadedIssue[], linkType: LinkType): Promise<CreatedLink[]> {
    const user = linkAdmin(actor, source, this.config.publicUrl);
    const unique = targets.filter((t, k) => targets.findIndex((o) => o.issue.id === t.issue.id) === k);
    if (unique.some((t) => t.issue.id === source.issue.id)) throw new ValidationError({ issuable_references: ['cannot include the issue itself'] });
    if (!unique.length) throw new ValidationError({ issuable_references: ["can't be blank"] });
    const stored = (t: LoadedIssue) => (linkType === 'is_blocked_by' ? [t.issue.id, source.issue.id] : [source.issue.id, t.issue.id]);
    return this.events.transaction(async (tx) => {
      const rows = await tx.query<{ id: number; source_id: number; target_id: number }>(
        'issue-link.insert',
        `INSERT INTO issue_links (source_id, target_id, link_type)
         SELECT s, t, $3 FROM unnest($1::int[], $2::int[]) AS x(s, t)
         ON CONFLICT DO NOTHING RETURNING id, source_id, target_id`,
        [unique.map((t) => stored(t)[0]), unique.map((t) => stored(t)[1]), linkType === 'relates_to' ? 'relates_to' : 'blocks'],
      );
      if (!rows.length) throw new AppError('ISSUE_LINK_EXISTS');
      const created = rows.map((r) => {
        const otherId = Number(r.source_id) === source.issue.id ? Number(r.target_id) : Number(r.source_id);
        return { linkId: Number(r.id), target: unique.find((t) => t.issue.id === otherId)! };
      });
      const sourcePath = source.project.fullPath;
      const sides: LinkSide[] = [
        {
          noteable: issueNoteable(source.issue, source.project),
          projectId: source.project.id,
          notes: created.map((c) => systemNotes.relatedIssue(linkType, referenceFrom(sourcePath, c.target.project.fullPath, c.target.issue.iid))),
          links: { link_type: linkType },
        },
        ...created.map((c) => ({
          noteable: issueNoteable(c.target.issue, c.target.project),
          projectId: c.target.project.id,
          notes: [systemNotes.relatedIssue(INVERSE[linkType], referenceFrom(c.target.project.fullPath, sourcePath, source.issue.iid))],
          links: { link_type: INVERSE[linkType] },
        })),
      ];
      // Issue-id order: two link changes over the same issues lock their rows in one order
      for (const side of sides.sort((a, b) => a.noteable.id - b.noteable.id)) await this.linkNotes.write(tx, side, user);
      return created;
    });
  }
}
