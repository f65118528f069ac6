import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { invitationCreateSchema, type ApiInvitation, type InvitationResponse } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { parseInput } from '../../core/http/zod-input';
import { canProject, type Actor } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';
import { InvitationService, type InvitationDetails } from './invitation.service';

/** GitLab's project invitations API (/api/v4/projects/:id/invitations). */
@Controller('api/v4/projects/:id/invitations')
export class InvitationController {
  constructor(
    private readonly projects: ProjectService,
    private readonly invitations: InvitationService,
  ) {}

  private async manageable(actor: Actor | null, id: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { project, facts } = await this.projects.findReadable(actor, id);
    if (!canProject(actor, 'admin_project_member', facts)) throw new AppError('FORBIDDEN');
    return { project, facts };
  }

  /** Policy: admin_project_member (maintainers; the owner level only by owners). 201 {status}; a refused address is {status:'error', message:{email: text}}. */
  @Post()
  @HttpCode(201)
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown): Promise<InvitationResponse> {
    const { project, facts } = await this.manageable(actor, id);
    const input = parseInput(invitationCreateSchema, body);
    return this.invitations.invite(actor!, project, facts, input);
  }

  /** Policy: admin_project_member. Pending invitations. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<ApiInvitation[]> {
    const { project } = await this.manageable(actor, id);
    return this.invitations.list(project);
  }

  /** Policy: admin_project_member. 204, or 404 when the address has no invitation. */
  @Delete(':email')
  @HttpCode(204)
  async revoke(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('email') email: string): Promise<void> {
    const { project } = await this.manageable(actor, id);
    if (!(await this.invitations.revoke(project, email))) throw new AppError('NOT_FOUND');
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
