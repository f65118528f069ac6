import { Inject } from '@nestjs/common';
import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { ConnectionArgs, connectionOf } from '../../../core/graphql/connection';
import { parseGlobalId } from '../../../core/graphql/global-id';
import { IssueType } from '../issue.graphql-types';
import { TimelogFinder } from './timelog.finder';
import { TimelogConnection, toTimelogType } from './timelog.graphql-types';

/** `Issue.timelogs`, beside the issue's own resolver (the time-tracking slice). */
@Resolver(() => IssueType)
export class IssueTimelogsResolver {
  constructor(
    private readonly finder: TimelogFinder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue (already checked when the issue was loaded). */
  @ResolveField(() => TimelogConnection, { description: 'Time logged on the issue, oldest first.' })
  async timelogs(@Parent() i: IssueType, @Args() args: ConnectionArgs): Promise<TimelogConnection> {
    const id = parseGlobalId(i.id, ['Issue'])!;
    const rows = await this.finder.forIssue(id);
    return connectionOf(rows.map((t) => toTimelogType(t, this.config.publicUrl)), args) as TimelogConnection;
  }
}
