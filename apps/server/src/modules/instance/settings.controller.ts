import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiGeneralAPISettings, ApiGeneralAttachmentSettings, ApiGeneralRepoSettings, ApiGeneralUISettings } from './dto/instance.dto';
import { InstanceInfoService } from './instance-info.service';

/** `GET /settings/api|attachment|repository|ui`: the limits and features clients must know. */
@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly info: InstanceInfoService) {}

  @Get('api')
  @ApiOkResponse({ type: ApiGeneralAPISettings })
  getGeneralAPISettings(): ApiGeneralAPISettings {
    return this.info.apiSettings();
  }

  @Get('attachment')
  @ApiOkResponse({ type: ApiGeneralAttachmentSettings })
  getGeneralAttachmentSettings(): ApiGeneralAttachmentSettings {
    return this.info.attachmentSettings();
  }

  @Get('repository')
  @ApiOkResponse({ type: ApiGeneralRepoSettings })
  getGeneralRepositorySettings(): ApiGeneralRepoSettings {
    return this.info.repositorySettings();
  }

  @Get('ui')
  @ApiOkResponse({ type: ApiGeneralUISettings })
  getGeneralUISettings(): ApiGeneralUISettings {
    return this.info.uiSettings();
  }
}
