import { Query, Resolver } from '@nestjs/graphql';
import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { User } from './user.entity';
import { toUserType, UserType } from './user.graphql-types';

@Resolver()
export class UserResolver {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: none (the signed-in user, or null). */
  @Query(() => UserType, { nullable: true })
  async currentUser(@CurrentActor() actor: Actor | null): Promise<UserType | null> {
    if (!actor) return null;
    const u = await this.ds.getRepository(User).findOneBy({ id: actor.id });
    return u ? toUserType(u, this.config.publicUrl) : null;
  }
}
