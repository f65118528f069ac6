import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { pageWindow, toConnection } from '../../core/graphql/connection';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canGroup, canProject, type Actor } from '../../core/policy/policy';
import { GroupType } from '../epic/epic.graphql-types';
import { GroupService } from '../group/group.service';
import { ProjectType } from '../project/project.graphql-types';
import { GroupMemberConnection, GroupMembersArgs, MemberInterfaceConnection, ProjectMembersArgs, toMemberNode } from './member.graphql-types';
import type { Namespace } from '../group/namespace.entity';
import { MemberService, type GroupShareSources, type MemberRelation, type MemberSource } from './member.service';

const DEFAULT_RELATIONS: MemberRelation[] = ['DIRECT', 'INHERITED'];
/** The subgroups whose members DESCENDANTS reads at most (a larger group tree is cut, in path order). */
const MAX_SUBGROUPS = 1_000;

/** The relations asked for (the enums' values are the service's names), GitLab's default when none. */
const relationsOf = (asked: readonly string[] | null | undefined): readonly MemberRelation[] => (asked ? (asked as readonly MemberRelation[]) : DEFAULT_RELATIONS);

/** One page of members by relation, searched by name or username (trimmed; empty searches nothing out). */
async function membersPage(service: MemberService, source: MemberSource, relations: readonly MemberRelation[], args: ProjectMembersArgs | GroupMembersArgs, descendantIds?: number[], shares?: GroupShareSources) {
  const { offset, limit } = pageWindow(args);
  const search = args.search?.trim() || undefined;
  const { members, total } = await service.listByRelations(source, new Set(relations), { search, offset, limit, descendantIds, shares });
  return toConnection(
    members.map((m) => toMemberNode(m, service.config.publicUrl)),
    offset,
    total,
  );
}

/**
 * GitLab's `Project.projectMembers` and `Group.groupMembers` with `search` and `relations`: the
 * sidebar's usersSearch and the workspace users query (`workspace: project(fullPath) { users:
 * projectMembers(search, relations: [DIRECT, INHERITED, INVITED_GROUPS]) }`).
 */
@Resolver(() => ProjectType)
export class ProjectMembersResolver {
  constructor(private readonly members: MemberService) {}

  /** Policy: read_project_member (the project itself is already readable: `Query.project` is null otherwise). */
  @ResolveField(() => MemberInterfaceConnection, { nullable: true, description: 'Members of the project.' })
  async projectMembers(@CurrentActor() actor: Actor | null, @Parent() p: ProjectType, @Args() args: ProjectMembersArgs): Promise<MemberInterfaceConnection | null> {
    if (!canProject(actor, 'read_project_member', p.facts)) return null;
    return membersPage(this.members, this.members.projectSource(p.entity), relationsOf(args.relations), args) as Promise<MemberInterfaceConnection>;
  }
}

@Resolver(() => GroupType)
export class GroupMembersResolver {
  constructor(
    private readonly members: MemberService,
    private readonly groups: GroupService,
  ) {}

  /** Policy: read_group_member (a group the actor may not read is 404 here, and null from `Query.group`). */
  @ResolveField(() => GroupMemberConnection, { nullable: true, description: 'A membership of a user within this group.' })
  async groupMembers(@CurrentActor() actor: Actor | null, @Parent() g: GroupType, @Args() args: GroupMembersArgs): Promise<GroupMemberConnection | null> {
    const { group, facts } = await this.groups.findReadable(actor, g.groupId);
    if (!canGroup(actor, 'read_group_member', facts)) return null;
    const relations = relationsOf(args.relations);
    // DESCENDANTS: the members of the subgroups the actor may read (read_group each), never a private subgroup's to outsiders
    const descendantIds = relations.includes('DESCENDANTS')
      ? (await this.groups.listReadable(actor, { descendantsOf: group.id, page: 1, perPage: MAX_SUBGROUPS })).groups.map((d) => d.id)
      : undefined;
    // SHARED_*: the members of the invited groups the actor may read (GitLab: public or visible to the user)
    const shares = relations.includes('SHARED_FROM_GROUPS') || relations.includes('SHARED_INTO_ANCESTORS') ? await this.readableShares(actor, group) : undefined;
    return membersPage(this.members, this.members.groupSource(group), relations, args, descendantIds, shares) as Promise<GroupMemberConnection>;
  }

  private async readableShares(actor: Actor | null, group: Namespace): Promise<GroupShareSources> {
    const out: GroupShareSources = { fromGroups: [], intoAncestors: [], ancestors: [] };
    for (const link of await this.members.groupShares(group)) {
      const readable = await this.groups.findReadable(actor, link.invitedId).then(
        () => true,
        () => false,
      );
      if (!readable) continue;
      if (link.own) out.fromGroups.push(link.invitedId);
      else {
        out.intoAncestors.push(link.invitedId);
        out.ancestors.push(link.sharedGroupId);
      }
    }
    return out;
  }
}
