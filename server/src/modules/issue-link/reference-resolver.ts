import { Inject, Injectable } from '@nestjs/common';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { parseIssueReference, splitReferences } from './references';

/**
 * Turns typed references into issues the actor may read. Any that names no readable issue
 * (unknown, confidential, private) fails the whole request with a 404 naming it; nothing is linked.
 */
@Injectable()
export class ReferenceResolver {
  constructor(
    private readonly loader: IssueLoader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async resolve(actor: Actor | null, source: LoadedIssue, input: readonly string[]): Promise<LoadedIssue[]> {
    const refs = splitReferences(input);
    if (!refs.length) throw new ValidationError({ issuable_references: ["can't be blank"] });
    const found: LoadedIssue[] = [];
    const missing: string[] = [];
    for (const raw of refs) {
      const ref = parseIssueReference(raw, source.project.fullPath, this.config.publicUrl);
      if (!ref) {
        missing.push(raw);
        continue;
      }
      try {
        found.push(await this.loader.findReadable(actor, ref.projectPath, ref.iid));
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 404) throw e;
        missing.push(raw);
      }
    }
    if (missing.length) throw new AppError('ISSUE_NOT_FOUND', DISCUSSION_TEXTS.relatedNotFoundFor(missing.join(', ')));
    return found;
  }
}
