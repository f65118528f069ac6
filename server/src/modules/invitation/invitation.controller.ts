import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { invitationCreateSchema, type ApiInvitation, type InvitationResponse } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { parseInput } from '../../core/http/zod-input';
import { canGroup, canProject, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { ProjectService } from '../project/project.service';
import { InvitationService, type InvitationDetails, type InviteSource } from './invitation.service';

/** A project or group the actor may manage the members of (401 signed out, 404 unreadable, 403 below the manager's role). */
async function manageable(actor: Actor | null, find: () => Promise<InviteSource>): Promise<InviteSource> {
  if (!actor) throw new AppError('UNAUTHORIZED');
  const target = await find();
  const allowed = target.kind === 'project' ? canProject(actor, 'admin_project_member', target.facts) : canGroup(actor, 'admin_group_member', target.facts);
  if (!allowed) throw new AppError('FORBIDDEN');
  return target;
}

/**
 * GitLab's invitations API, the same three routes for a project (admin_project_member:
 * maintainers; the owner level only by owners) and a group (admin_group_member: owners): each
 * subclass says where its source comes from.
 */
abstract class InvitationRoutes {
  constructor(protected readonly invitations: InvitationService) {}

  /** The project or group `id`, readable by the actor (404 otherwise). */
  protected abstract find(actor: Actor | null, id: string): Promise<InviteSource>;

  private manageable(actor: Actor | null, id: string) {
    return manageable(actor, () => this.find(actor, id));
  }

  /** Policy: admin_project_member / admin_group_member. 201 {status}; a refused address is {status:'error', message:{email: text}}. */
  @Post()
  @HttpCode(201)
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown): Promise<InvitationResponse> {
    const target = await this.manageable(actor, id);
    const input = parseInput(invitationCreateSchema, body);
    return this.invitations.invite(actor!, target, input);
  }

  /** Policy: admin_project_member / admin_group_member. Pending invitations. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<ApiInvitation[]> {
    return this.invitations.list(await this.manageable(actor, id));
  }

  /** Policy: admin_project_member / admin_group_member. 204, or 404 when the address has no invitation. */
  @Delete(':email')
  @HttpCode(204)
  async revoke(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('email') email: string): Promise<void> {
    if (!(await this.invitations.revoke(await this.manageable(actor, id), email))) throw new AppError('NOT_FOUND');
  }
}

/** GitLab's project invitations API (/api/v4/projects/:id/invitations). */
@Controller('api/v4/projects/:id/invitations')
export class InvitationController extends InvitationRoutes {
  constructor(
    private readonly projects: ProjectService,
    invitations: InvitationService,
  ) {
    super(invitations);
  }

  protected async find(actor: Actor | null, id: string): Promise<InviteSource> {
    return { kind: 'project', ...(await this.projects.findReadable(actor, id)) };
  }
}

/** GitLab's group invitations API (/api/v4/groups/:id/invitations): the invite modal opened from a group's members page. */
@Controller('api/v4/groups/:id/invitations')
export class GroupInvitationController extends InvitationRoutes {
  constructor(
    private readonly groups: GroupService,
    invitations: InvitationService,
  ) {
    super(invitations);
  }

  protected async find(actor: Actor | null, id: string): Promise<InviteSource> {
    return { kind: 'group', ...(await this.groups.findReadable(actor, id)) };
  }
}

/** The invite link's page data (the token in the link is the secret). */
@Controller('-/invites')
export class InvitePageController {
  constructor(private readonly invitations: InvitationService) {}

  /** Policy: public; the token is the secret (48 hex characters), an unknown one is 404. */
  @Get(':token/details')
  async details(@Param('token') token: string): Promise<InvitationDetails> {
    const d = await this.invitations.details(token);
    if (!d) throw new AppError('NOT_FOUND');
    return d;
  }
}
