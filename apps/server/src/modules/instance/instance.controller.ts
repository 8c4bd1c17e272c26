import { Controller, Get, NotFoundException } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiNodeInfo, ApiServerVersion } from './dto/instance.dto';
import { InstanceInfoService } from './instance-info.service';

/** `GET /version`, `/nodeinfo`, `/signing-key.gpg`: what the server is (Forgejo's miscellaneous operations). */
@ApiTags('miscellaneous')
@Controller()
export class InstanceController {
  constructor(private readonly info: InstanceInfoService) {}

  @Get('version')
  @ApiOkResponse({ type: ApiServerVersion })
  getVersion(): ApiServerVersion {
    return this.info.version();
  }

  @Get('nodeinfo')
  @ApiOkResponse({ type: ApiNodeInfo })
  getNodeInfo(): Promise<ApiNodeInfo> {
    return this.info.nodeInfo();
  }

  /** Bellows writes commits unsigned, so there is no key to give. */
  @Get('signing-key.gpg')
  @ApiNotFoundResponse({ description: 'Bellows does not sign commits' })
  getSigningKey(): never {
    throw new NotFoundException('Bellows does not sign commits: there is no signing key');
  }
}
