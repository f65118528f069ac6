import { Module } from '@nestjs/common';
import { RepositoryService } from './repository.service';

/** Git repositories of projects (the port: RepositoryService; docs/decisions.md "Code hosting"). */
@Module({ providers: [RepositoryService], exports: [RepositoryService] })
export class RepositoryModule {}
