import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { MyStarsController, StargazersController, UserStarsController } from './stars.controller';
import { StarsService } from './stars.service';

/** Stars on repositories: the signed-in user's, another user's, a repository's stargazers. */
@Module({
  imports: [RepositoriesModule],
  controllers: [MyStarsController, UserStarsController, StargazersController],
  providers: [StarsService, shapeContextProvider],
})
export class StarsModule {}
