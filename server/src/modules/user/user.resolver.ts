import { Field, ID, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { User } from './user.entity';

@ObjectType('UserCore')
export class UserType {
  @Field(() => ID) id!: string;
  @Field() username!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) avatarUrl!: string | null;
  @Field() webUrl!: string;
  @Field() webPath!: string;
  @Field() state!: string;
}

export function toUserType(u: User, baseUrl: string): UserType {
  return {
    id: `gid://tandem/User/${u.id}`,
    username: u.username,
    name: u.name,
    avatarUrl: u.avatarUrl ?? `/-/avatars/${encodeURIComponent(u.username)}.svg`,
    webUrl: `${baseUrl}/${u.username}`,
    webPath: `/${u.username}`,
    state: u.state,
  };
}

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
