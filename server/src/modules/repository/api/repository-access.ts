import { Injectable } from '@nestjs/common';
import type { ErrorCode } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { canProject, type Actor, type ProjectAbility, type ProjectFacts } from '../../../core/policy/policy';
import type { Project } from '../../project/project.entity';
import { ProjectService } from '../../project/project.service';
import { GitRepository } from '../git-repository';
import { RepositoryError } from '../git/errors';
import { RepositoryService } from '../repository.service';

export interface OpenedRepository {
  project: Project;
  facts: ProjectFacts;
  repo: GitRepository;
}

/**
 * The repository API's door: the project found with the actor's access (unreadable = 404),
 * the ability checked in the policy module (read_code for reads, push_code for branch writes),
 * then the project's repository opened through the port.
 */
@Injectable()
export class RepositoryAccess {
  constructor(
    private readonly projects: ProjectService,
    readonly repos: RepositoryService,
  ) {}

  async open(actor: Actor | null, id: string, ability: ProjectAbility = 'read_code'): Promise<OpenedRepository> {
    const { project, facts } = await this.projects.findReadable(actor, id);
    if (!canProject(actor, 'read_code', facts) || !canProject(actor, ability, facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return { project, facts, repo: await this.repos.open(project.id) };
  }

  can(actor: Actor | null, ability: ProjectAbility, facts: ProjectFacts): boolean {
    return canProject(actor, ability, facts);
  }

  webUrl(project: Project): string {
    return `${this.projects.config.publicUrl}/${project.fullPath}`;
  }
}

/**
 * The port's refusals as API answers: bad path or ref 400, unknown 404 (`notFound`: which
 * thing), taken name 400, moved ref 409. Anything else is a real failure and stays one.
 */
export async function answerRepo<T>(work: Promise<T>, notFound: ErrorCode = 'NOT_FOUND'): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (!(e instanceof RepositoryError)) throw e;
    switch (e.kind) {
      case 'invalid_path':
        throw new AppError('REPOSITORY_PATH_INVALID');
      case 'invalid_ref':
        throw new AppError('REF_INVALID');
      case 'invalid_branch_name':
        throw new AppError('BRANCH_NAME_INVALID');
      case 'ref_exists':
        throw new AppError(notFound === 'TAG_NOT_FOUND' ? 'TAG_EXISTS' : 'BRANCH_EXISTS');
      case 'stale_ref':
        throw new AppError('REF_CHANGED');
      case 'not_found':
      case 'empty_repository':
      case 'no_repository':
        throw new AppError(notFound);
      case 'conflict':
        throw new AppError('BAD_REQUEST', e.message);
    }
  }
}

/** A required query parameter as GitLab names it: "<name> is missing" (400). */
export function requiredParam(q: Record<string, unknown>, name: string): string {
  const v = q[name];
  if (typeof v !== 'string' || v === '') throw new AppError('BAD_REQUEST', `400 Bad request - ${name} is missing`);
  return v;
}

export function optionalParam(q: Record<string, unknown>, name: string): string | undefined {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new AppError('BAD_REQUEST', `400 Bad request - ${name} is invalid`);
  return v;
}

export const boolParam = (v: unknown): boolean => v === true || v === 'true' || v === '1';
