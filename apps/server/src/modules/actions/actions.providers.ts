import { Provider } from '@nestjs/common';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { SecretBox } from '../../crypto/secret-box';
import { UrlSigner } from './artifacts/url-signer';
import { RuntimeTokens } from './runs/runtime-token';

/** The keyed helpers of the actions module, each keyed from `[security] SECRET_KEY`. */
export const ACTIONS_CRYPTO_PROVIDERS: Provider[] = [
  { provide: RuntimeTokens, inject: [CONFIG], useFactory: (config: BellowsConfig) => new RuntimeTokens(config.security.secretKey) },
  {
    provide: UrlSigner,
    inject: [CONFIG],
    useFactory: (config: BellowsConfig) => new UrlSigner(config.security.secretKey, config.server.rootUrl),
  },
  { provide: SecretBox, inject: [CONFIG], useFactory: (config: BellowsConfig) => new SecretBox(config.security.secretKey) },
];
