import { Provider } from '@nestjs/common';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig, sshUrlPrefix } from '../../config';
import { ShapeContext } from './dto/user.dto';

/** Injection token for the ShapeContext the converters in dto/ need. */
export const SHAPE_CONTEXT = Symbol('ShapeContext');

export const shapeContextProvider: Provider = {
  provide: SHAPE_CONTEXT,
  inject: [CONFIG],
  useFactory: (config: BellowsConfig): ShapeContext => ({
    rootUrl: config.server.rootUrl,
    ...(config.server.ssh.start ? { sshUrlPrefix: sshUrlPrefix(config.server.ssh) } : {}),
  }),
};
