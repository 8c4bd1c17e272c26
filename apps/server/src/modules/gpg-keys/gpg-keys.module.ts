import { Module } from '@nestjs/common';
import { GpgKeyStore } from '@bellows/domain';
import { bindPort } from '../../app/ports/bind-port';
import { AccountsModule } from '../accounts/accounts.module';
import { GpgKeysController } from './gpg-keys.controller';
import { GpgKeysService } from './gpg-keys.service';

/** Users' GPG keys: adding, listing, deleting, and verifying them with a signed token. */
@Module({
  imports: [AccountsModule],
  controllers: [GpgKeysController],
  providers: [GpgKeysService, bindPort(GpgKeyStore, (db) => db.gpgKeys)],
})
export class GpgKeysModule {}
