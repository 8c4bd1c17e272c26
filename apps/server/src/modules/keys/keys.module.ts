import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { AdminKeysController } from './admin-keys.controller';
import { DeployKeysController } from './deploy-keys.controller';
import { SshKeysService } from './ssh-keys.service';
import { UserKeysController } from './user-keys.controller';

/** SSH keys: users' keys and repositories' deploy keys (the SSH server signs in with them). */
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [UserKeysController, AdminKeysController, DeployKeysController],
  providers: [SshKeysService, shapeContextProvider],
  exports: [SshKeysService],
})
export class KeysModule {}
