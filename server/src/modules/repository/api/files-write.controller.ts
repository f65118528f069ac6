import { Body, Controller, Delete, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { SignedInActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { parseFileWrite, RepositoryFileWrites } from './file-writes';

/**
 * GitLab's repository files writes (lib/api/files.rb): create, update and delete one file as a
 * commit on a branch. Parameters in the body or the query; answers `{file_path, branch}`.
 */
@Controller('api/v4/projects/:id/repository/files')
export class FilesWriteController {
  constructor(private readonly writes: RepositoryFileWrites) {}

  /** Policy: push_code (the default branch: push_protected_branch). 201 {file_path, branch}. */
  @Post(':file_path')
  create(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('file_path') filePath: string, @Body() body: Record<string, unknown> | undefined, @Query() q: Record<string, unknown>) {
    return this.writes.write(actor, id, 'create', parseFileWrite('create', filePath, body, q));
  }

  /** Policy: push_code (the default branch: push_protected_branch). 200 {file_path, branch}; a stale last_commit_id: 400. */
  @Put(':file_path')
  update(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('file_path') filePath: string, @Body() body: Record<string, unknown> | undefined, @Query() q: Record<string, unknown>) {
    return this.writes.write(actor, id, 'update', parseFileWrite('update', filePath, body, q));
  }

  /** Policy: push_code (the default branch: push_protected_branch). 204. */
  @Delete(':file_path')
  @HttpCode(204)
  async destroy(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('file_path') filePath: string, @Body() body: Record<string, unknown> | undefined, @Query() q: Record<string, unknown>): Promise<void> {
    await this.writes.write(actor, id, 'delete', parseFileWrite('delete', filePath, body, q));
  }
}
