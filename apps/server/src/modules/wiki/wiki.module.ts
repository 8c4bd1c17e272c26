import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../repositories/repositories.module';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { WikiController } from './wiki.controller';
import { WikiService } from './wiki.service';

/** The wiki API of repositories (pages in `{repo}.wiki.git`; its size is not tracked for quota). */
@Module({
  imports: [RepositoriesModule, RepoFilesModule],
  controllers: [WikiController],
  providers: [WikiService],
})
export class WikiModule {}
