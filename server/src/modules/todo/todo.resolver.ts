import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { parseGlobalId } from '../../core/graphql/global-id';
import { connectionOf } from '../../core/graphql/connection';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { scopeAllows, type Actor } from '../../core/policy/policy';
import { UserType } from '../user/user.graphql-types';
import { TodoTargetLoader } from './todo-target';
import { TodoService } from './todo.service';
import {
  TodoConnection,
  TodoCreateInput,
  TodoCreatePayload,
  TodoMarkDoneInput,
  TodoMarkDonePayload,
  TodosMarkAllDoneInput,
  TodosMarkAllDonePayload,
  TodoStateEnum,
  toTodoType,
} from './todo.graphql-types';

const ACCESS_TEXT = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

/** todoCreate / todoMarkDone / todosMarkAllDone, and `todos` on the current user (GitLab's). */
@Resolver(() => UserType)
export class TodoResolver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly service: TodoService,
    private readonly targets: TodoTargetLoader,
  ) {}

  /** Policy: own to-dos only (another user's list is empty); read_issue per to-do. */
  @ResolveField('todos', () => TodoConnection, { nullable: true })
  async userTodos(@Parent() user: UserType, @CurrentActor() actor: Actor | null, @Args('state', { type: () => TodoStateEnum, nullable: true }) state?: TodoStateEnum): Promise<TodoConnection | null> {
    if (!actor || parseGlobalId(user.id, ['User']) !== actor.id) return null;
    const list = (await this.service.list(actor.id, { state: state ?? TodoStateEnum.pending })).map((t) => toTodoType(t, this.config.publicUrl));
    return connectionOf(list);
  }

  /** Policy: read_issue on the target, signed in, write scope. */
  @Mutation(() => TodoCreatePayload, { nullable: true })
  async todoCreate(@CurrentActor() actor: Actor | null, @Args('input') input: TodoCreateInput): Promise<TodoCreatePayload> {
    const me = this.writer(actor);
    const out = (errors: string[], todo: TodoCreatePayload['todo'] = null): TodoCreatePayload => ({ clientMutationId: input.clientMutationId ?? null, todo, errors });
    const issueId = parseGlobalId(input.targetId, ['Issue']);
    if (!issueId) return out([ACCESS_TEXT]);
    let target;
    try {
      target = await this.targets.byIssueId(me, issueId);
    } catch (e) {
      if (e instanceof AppError && e.status === 404) throw new AppError('GRAPHQL_RESOURCE_ACCESS');
      throw e;
    }
    const { id } = await this.service.mark(me.id, target.project.id, target.issue.id);
    const view = await this.service.find(me.id, id);
    return out([], view ? toTodoType(view, this.config.publicUrl) : null);
  }

  /** Policy: own to-do only, write scope. */
  @Mutation(() => TodoMarkDonePayload, { nullable: true })
  async todoMarkDone(@CurrentActor() actor: Actor | null, @Args('input') input: TodoMarkDoneInput): Promise<TodoMarkDonePayload> {
    const me = this.writer(actor);
    const id = parseGlobalId(input.id, ['Todo']);
    const found = id ? await this.service.find(me.id, id) : null;
    if (!id || !found) throw new AppError('GRAPHQL_RESOURCE_ACCESS');
    await this.service.markDone(me.id, { id });
    const view = await this.service.find(me.id, id);
    return { clientMutationId: input.clientMutationId ?? null, todo: view ? toTodoType(view, this.config.publicUrl) : null, errors: [] };
  }

  /** Policy: own to-dos only, write scope. */
  @Mutation(() => TodosMarkAllDonePayload, { nullable: true })
  async todosMarkAllDone(@CurrentActor() actor: Actor | null, @Args('input', { nullable: true }) input?: TodosMarkAllDoneInput): Promise<TodosMarkAllDonePayload> {
    const me = this.writer(actor);
    const ids = await this.service.markDone(me.id, { all: true });
    const views = (await this.service.list(me.id, { state: 'done' })).filter((t) => ids.includes(t.id));
    return { clientMutationId: input?.clientMutationId ?? null, todos: views.map((t) => toTodoType(t, this.config.publicUrl)), errors: [] };
  }

  private writer(actor: Actor | null): Actor {
    if (!actor) throw new AppError('GRAPHQL_RESOURCE_ACCESS');
    if (!scopeAllows(actor, 'update_issue')) throw new AppError('INSUFFICIENT_SCOPE');
    return actor;
  }
}
