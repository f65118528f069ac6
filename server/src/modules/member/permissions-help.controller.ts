import { Controller, Get, Header } from '@nestjs/common';
import type { PermissionsHelp } from '@tandem/shared-types';
import { permissionsHelp } from '../../core/policy/permission-table';

/** The role permissions help page's data (/help/user/permissions, the invite modal's 'Read more about role permissions'). */
@Controller('help/user')
export class PermissionsHelpController {
  private readonly table = permissionsHelp();

  /** Policy: public (what each role may do is the same for everyone; generated from the policy module). */
  @Get('permissions.json')
  @Header('Cache-Control', 'public, max-age=3600')
  permissions(): PermissionsHelp {
    return this.table;
  }
}
