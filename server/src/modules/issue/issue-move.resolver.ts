import { Inject } from '@nestjs/common';
import { Args, Field, ID, InputType, Mutation, ObjectType, Resolver } from '@nestjs/graphql';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Actor } from '../../core/policy/policy';
import { MoveIssueAction } from './actions/move-issue';
import { IssuePayloadBase, toIssueType } from './issue.graphql-types';
import { IssueLoader } from './issue.loader';
import { messagesOf } from './issue.resolver';

@InputType('IssueMoveInput')
export class IssueMoveInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Project the issue to mutate is in.' }) projectPath!: string;
  @Field({ description: 'IID of the issue to mutate.' }) iid!: string;
  @Field(() => ID, { description: 'Project to move the issue to.' }) targetProjectPath!: string;
}

/** `issue` is the new issue (GitLab's issueMove). */
@ObjectType('IssueMovePayload')
export class IssueMovePayload extends IssuePayloadBase {}

@Resolver()
export class IssueMoveResolver {
  constructor(
    private readonly loader: IssueLoader,
    private readonly move: MoveIssueAction,
    private readonly markdown: MarkdownService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: admin_issue on the issue, create_issue in the target project (MoveIssueAction). */
  @Mutation(() => IssueMovePayload, { nullable: true })
  async issueMove(@SignedInActor() actor: Actor, @Args('input') input: IssueMoveInput): Promise<IssueMovePayload> {
    const source = await this.loader.findReadable(actor, input.projectPath, input.iid);
    const clientMutationId = input.clientMutationId ?? null;
    try {
      const { issue, project, facts } = await this.move.execute(actor, source, input.targetProjectPath);
      const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]), actor);
      return { clientMutationId, issue: toIssueType(h!, facts, this.config.publicUrl, this.markdown), errors: [] };
    } catch (e) {
      if (e instanceof ValidationError) return { clientMutationId, issue: null, errors: messagesOf(e) };
      if (e instanceof AppError && e.code === 'PROJECT_NOT_FOUND') return { clientMutationId, issue: null, errors: [e.message] };
      throw e;
    }
  }
}
