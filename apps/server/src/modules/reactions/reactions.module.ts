import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { IssuesModule } from '../issues/issues.module';
import { ReactionsController } from './reactions.controller';
import { ReactionsService } from './reactions.service';

/** Reactions on issues, pull requests and comments. */
@Module({
  imports: [IssuesModule],
  controllers: [ReactionsController],
  providers: [ReactionsService, shapeContextProvider],
})
export class ReactionsModule {}
