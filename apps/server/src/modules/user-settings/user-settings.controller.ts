import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiUserSettings, UserSettingsOptions } from './dto/user-settings.dto';
import { UserSettingsService } from './user-settings.service';

/** The signed-in user's settings: `/user/settings`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/settings')
export class UserSettingsController {
  constructor(private readonly settings: UserSettingsService) {}

  @Get()
  @ApiOkResponse({ type: ApiUserSettings })
  getUserSettings(@CurrentActor() actor: Actor): Promise<ApiUserSettings> {
    return this.settings.settingsOf(actor.user);
  }

  @Patch()
  @ApiOkResponse({ type: ApiUserSettings })
  @ApiUnprocessableEntityResponse({ description: 'a field too long, an unknown diff view style, a website that is no http(s) URL' })
  updateUserSettings(@Body() body: UserSettingsOptions, @CurrentActor() actor: Actor): Promise<ApiUserSettings> {
    return this.settings.update(actor.user, body ?? {});
  }
}
