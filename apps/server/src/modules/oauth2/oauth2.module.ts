import { Module } from '@nestjs/common';
import { OAuth2ApplicationsController } from './oauth2-applications.controller';
import { OAuth2ApplicationsService } from './oauth2-applications.service';
import { OAuth2ProviderRoutes } from './oauth2-provider.routes';
import { OAuth2ProviderService } from './oauth2-provider.service';
import { OAuth2UserInfoService } from './oauth2-userinfo.service';
import { OidcSigningKey } from './oidc-signing-key';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';

/**
 * Bellows as an OAuth2 provider: users register applications
 * (`/api/v1/user/applications/oauth2`) and grant them access through
 * `/login/oauth/*`; the access tokens issued sign in to the API as Bearer
 * tokens (see Authenticator).
 */
@Module({
  controllers: [OAuth2ApplicationsController],
  providers: [
    OAuth2ApplicationsService,
    OAuth2ProviderService,
    OAuth2UserInfoService,
    OAuth2ProviderRoutes,
    { provide: OidcSigningKey, inject: [CONFIG], useFactory: (config: BellowsConfig) => new OidcSigningKey(config.server.appDataPath) },
  ],
})
export class OAuth2Module {}
