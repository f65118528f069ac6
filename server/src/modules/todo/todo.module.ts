import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { MergeRequestModule } from '../merge-request/merge-request.module';
import { TodoController, TodoPageController } from './todo.controller';
import { TodoMentionsListener } from './todo-mentions.listener';
import { TodoResolver } from './todo.resolver';
import { TodoService } from './todo.service';
import { TodoTargetLoader } from './todo-target';

/** To-dos: assigned (written with the assignees), mentioned (after a comment or description commits), marked by hand (on issues and merge requests). */
@Module({
  imports: [IssueModule, MergeRequestModule],
  controllers: [TodoController, TodoPageController],
  providers: [TodoService, TodoTargetLoader, TodoMentionsListener, TodoResolver],
  exports: [TodoService],
})
export class TodoModule {}
