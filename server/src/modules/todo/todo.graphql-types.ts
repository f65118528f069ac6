import { Field, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Connection } from '../../core/graphql/connection';
import { toGlobalId } from '../../core/graphql/global-id';
import type { TodoView } from './todo.service';

export enum TodoStateEnum {
  pending = 'pending',
  done = 'done',
}
registerEnumType(TodoStateEnum, { name: 'TodoStateEnum' });

export enum TodoActionEnum {
  assigned = 'assigned',
  mentioned = 'mentioned',
  marked = 'marked',
}
registerEnumType(TodoActionEnum, { name: 'TodoActionEnum' });

@ObjectType('TodoTarget')
export class TodoTargetType {
  @Field(() => ID) id!: string;
  @Field() iid!: string;
  @Field() title!: string;
  @Field() state!: string;
  @Field() webUrl!: string;
  @Field() webPath!: string;
}

/** GitLab's `Todo` (the fields the to-do list and the sidebar read). */
@ObjectType('Todo')
export class TodoType {
  @Field(() => ID) id!: string;
  @Field(() => TodoActionEnum) action!: TodoActionEnum;
  @Field(() => TodoStateEnum) state!: TodoStateEnum;
  @Field() body!: string;
  @Field() createdAt!: string;
  @Field() targetType!: string;
  @Field() targetUrl!: string;
  @Field(() => TodoTargetType) target!: TodoTargetType;
  @Field() authorUsername!: string;
}

@ObjectType('TodoConnection')
export class TodoConnection extends Connection(TodoType, 'Todo') {}

@InputType()
export class TodoCreateInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Global ID of the to-do item\'s parent (an issue).' }) targetId!: string;
}

@InputType()
export class TodoMarkDoneInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID) id!: string;
}

@InputType()
export class TodosMarkAllDoneInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
}

@ObjectType()
export class TodoCreatePayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => TodoType, { nullable: true }) todo!: TodoType | null;
  @Field(() => [String]) errors!: string[];
}

@ObjectType()
export class TodoMarkDonePayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => TodoType, { nullable: true }) todo!: TodoType | null;
  @Field(() => [String]) errors!: string[];
}

@ObjectType()
export class TodosMarkAllDonePayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => [TodoType]) todos!: TodoType[];
  @Field(() => [String]) errors!: string[];
}

export function toTodoType(t: TodoView, baseUrl: string): TodoType {
  const mr = t.targetType === 'MergeRequest';
  const path = `/${t.project.fullPath}/-/${mr ? 'merge_requests' : 'issues'}/${t.issue.iid}`;
  return {
    id: toGlobalId('Todo', t.id),
    action: t.action as TodoActionEnum,
    state: t.state as TodoStateEnum,
    body: t.body,
    createdAt: t.createdAt.toISOString(),
    targetType: mr ? 'MERGEREQUEST' : 'ISSUE',
    targetUrl: `${baseUrl}${path}`,
    target: { id: toGlobalId(mr ? 'MergeRequest' : 'Issue', t.issue.id), iid: String(t.issue.iid), title: t.issue.title, state: t.issue.state, webUrl: `${baseUrl}${path}`, webPath: path },
    authorUsername: t.author.username,
  };
}
