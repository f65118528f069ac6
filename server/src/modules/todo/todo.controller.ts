import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Inject } from '@nestjs/common';
import { todoListQuerySchema, todoToggleSchema, type ApiTodo, type TodoToggleResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import { parseInput } from '../../core/http/zod-input';
import { scopeAllows, type Actor } from '../../core/policy/policy';
import { TodoService } from './todo.service';
import { TodoTargetLoader, type TodoTarget } from './todo-target';

const signedIn = (actor: Actor | null, write: boolean): Actor => {
  if (!actor) throw new AppError('UNAUTHORIZED');
  // Own to-dos only; a read_api token reads them but changes nothing
  if (write && !scopeAllows(actor, 'update_issue')) throw new AppError('INSUFFICIENT_SCOPE');
  return actor;
};

const idParam = (v: string): number => {
  if (!/^\d{1,9}$/.test(v)) throw new AppError('NOT_FOUND');
  return Number(v);
};

/** GitLab's REST to-dos (/api/v4/todos) and an issue's or a merge request's POST .../todo. */
@Controller('api/v4')
export class TodoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly todos: TodoService,
    private readonly targets: TodoTargetLoader,
  ) {}

  /** Policy: signed in; own to-dos whose issue is still readable (read_issue). Default state pending. */
  @Get('todos')
  async list(@CurrentActor() actor: Actor | null, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ApiTodo[]> {
    const me = signedIn(actor, false);
    const f = parseInput(todoListQuerySchema, { state: q.state, action: q.action, type: q.type, project_id: q.project_id });
    const p = pageParams(q);
    const all = await this.todos.list(me.id, { state: f.state ?? 'pending', action: f.action, projectId: f.project_id, type: f.type });
    setPaginationHeaders(req, res, this.config.publicUrl, p, all.length);
    return all.slice((p.page - 1) * p.perPage, p.page * p.perPage).map((t) => this.todos.toApi(t));
  }

  /** Policy: signed in, write scope; own to-do only (404 otherwise). */
  @Post('todos/:id/mark_as_done')
  @HttpCode(201)
  async markDone(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<ApiTodo> {
    const me = signedIn(actor, true);
    const todoId = idParam(id);
    const found = await this.todos.find(me.id, todoId);
    if (!found) throw new AppError('NOT_FOUND');
    await this.todos.markDone(me.id, { id: todoId });
    return this.todos.toApi((await this.todos.find(me.id, todoId))!);
  }

  /** Policy: signed in, write scope; own to-dos only. */
  @Post('todos/mark_as_done')
  @HttpCode(204)
  async markAllDone(@CurrentActor() actor: Actor | null): Promise<void> {
    await this.todos.markDone(signedIn(actor, true).id, { all: true });
  }

  /** Policy: read_issue, signed in, write scope. 201 with the to-do; 304 when one is pending already (GitLab's). */
  @Post('projects/:id/issues/:iid/todo')
  async create(@CurrentActor() actor: Actor | null, @Param('id') project: string, @Param('iid') iid: string, @Res({ passthrough: true }) res: Response): Promise<ApiTodo | undefined> {
    const me = signedIn(actor, true);
    const { project: p, issue } = await this.targets.byIid(me, project, iid);
    return this.createOn(me, { type: 'Issue', projectId: p.id, id: issue.id }, res);
  }

  /** Policy: read_merge_request and update_subscription, signed in, write scope. 201 with the to-do; 304 when one is pending already (GitLab's). */
  @Post('projects/:id/merge_requests/:iid/todo')
  async createOnMergeRequest(@CurrentActor() actor: Actor | null, @Param('id') project: string, @Param('iid') iid: string, @Res({ passthrough: true }) res: Response): Promise<ApiTodo | undefined> {
    const me = signedIn(actor, true);
    return this.createOn(me, await this.targets.mergeRequestByIid(me, project, iid), res);
  }

  private async createOn(me: Actor, target: TodoTarget, res: Response): Promise<ApiTodo | undefined> {
    // Two requests at once: the one whose insert lost answers as if it came second
    const id = (await this.todos.pendingOn(me.id, target)) === null ? await this.todos.addOn(me.id, target) : null;
    const created = id === null ? null : await this.todos.find(me.id, id);
    if (!created) {
      res.status(304);
      return undefined;
    }
    res.status(201);
    return this.todos.toApi(created);
  }
}

/** The issue's and the merge request's sidebar to-do toggle (page endpoints, GitLab's {project}/-/todos and /dashboard/todos/:id). */
@Controller()
export class TodoPageController {
  constructor(
    private readonly todos: TodoService,
    private readonly targets: TodoTargetLoader,
  ) {}

  /** Policy: read_issue (an issue) or read_merge_request (a merge request), signed in. The user's pending to-do on it, if any, and their count. */
  @Get('*project/-/todos')
  async state(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Query() q: Record<string, unknown>): Promise<TodoToggleResponse & { todo_id: number | null }> {
    const me = signedIn(actor, false);
    const target = await this.targets.forToggle(me, project.join('/'), parseInput(todoToggleSchema, q), false);
    const todoId = await this.todos.pendingOn(me.id, target);
    return { todo_id: todoId, count: await this.todos.pendingCount(me.id), delete_path: todoId ? `/dashboard/todos/${todoId}` : null };
  }

  /** Policy: read_issue (an issue) or read_merge_request and update_subscription (a merge request), signed in, write scope. "Add a to do". */
  @Post('*project/-/todos')
  @HttpCode(200)
  async add(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Body() body: unknown): Promise<TodoToggleResponse> {
    const me = signedIn(actor, true);
    const target = await this.targets.forToggle(me, project.join('/'), parseInput(todoToggleSchema, body), true);
    // One was pending already (or a second click raced the first): the pending one is the answer's
    const id = (await this.todos.addOn(me.id, target)) ?? (await this.todos.pendingOn(me.id, target));
    return { count: await this.todos.pendingCount(me.id), delete_path: id === null ? null : `/dashboard/todos/${id}` };
  }

  /** Policy: read_issue (an issue) or read_merge_request and update_subscription (a merge request), signed in, write scope. "Mark as done": every pending to-do of the user on it. */
  @Delete('*project/-/todos')
  @HttpCode(200)
  async done(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Body() body: unknown): Promise<TodoToggleResponse> {
    const me = signedIn(actor, true);
    const target = await this.targets.forToggle(me, project.join('/'), parseInput(todoToggleSchema, body), true);
    await this.todos.doneOn(me.id, target);
    return { count: await this.todos.pendingCount(me.id), delete_path: null };
  }

  /** Policy: signed in, write scope; own to-do only (404 otherwise). The to-do list's "Mark as done". */
  @Delete('dashboard/todos/:id')
  @HttpCode(200)
  async doneById(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<TodoToggleResponse> {
    const me = signedIn(actor, true);
    const todoId = idParam(id);
    if (!(await this.todos.find(me.id, todoId))) throw new AppError('NOT_FOUND');
    await this.todos.markDone(me.id, { id: todoId });
    return { count: await this.todos.pendingCount(me.id), delete_path: null };
  }
}
