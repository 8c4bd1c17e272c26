import { Module } from '@nestjs/common';
import { InstanceController } from './instance.controller';
import { InstanceInfoService } from './instance-info.service';
import { SettingsController } from './settings.controller';

/** The server's self-description: version, NodeInfo, signing key, and the settings clients read. */
@Module({
  controllers: [InstanceController, SettingsController],
  providers: [InstanceInfoService],
})
export class InstanceModule {}
