import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { TopicsController } from './topics.controller';
import { TopicsService } from './topics.service';

/** Repository topics and the search over all topics. */
@Module({
  imports: [RepositoriesModule],
  controllers: [TopicsController],
  providers: [TopicsService, shapeContextProvider],
})
export class TopicsModule {}
