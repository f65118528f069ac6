import type { Tx } from '../../core/realtime/event-log.service';
import type { UserBasic } from '@tandem/shared-types';
import { issueNoteable, type IssueContext } from '../issue/issue-context';
import { metricImagesOf, toApiMetricImage } from './metric-image.store';

/** The incident's page path: image files are served under it. */
export const issuePathOf = (ctx: IssueContext) => `/${ctx.project.fullPath}/-/issues/${ctx.issue.iid}`;

/** Records issue.metric_images with the list as the write left it (every watcher's Metrics tab follows). */
export async function recordMetricImages(tx: Tx, ctx: IssueContext, actor: UserBasic): Promise<void> {
  const images = (await metricImagesOf(tx.manager, ctx.issue.id)).map((r) => toApiMetricImage(r, issuePathOf(ctx)));
  await tx.record(issueNoteable(ctx.issue, ctx.project), 'issue.metric_images', { metric_images: images }, actor);
}
