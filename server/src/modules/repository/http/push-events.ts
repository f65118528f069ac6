import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../core/policy/policy';
import type { Project } from '../../project/project.entity';
import type { RefUpdate } from '../git/types';

/** Events a push records after its refs moved (filled in below). */
@Injectable()
export class RepositoryPushEvents {
  async record(_project: Project, _actor: Actor | null, _updates: RefUpdate[]): Promise<void> {}
}
