import { Module } from '@nestjs/common';
import { AdminEmailsController, MyEmailsController } from './emails.controller';
import { EmailsService } from './emails.service';

/** Users' e-mail addresses beside the primary one. */
@Module({
  controllers: [MyEmailsController, AdminEmailsController],
  providers: [EmailsService],
})
export class EmailsModule {}
