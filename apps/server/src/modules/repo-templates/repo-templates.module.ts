import { Module } from '@nestjs/common';
import { RepositoryStarter } from './repository-starter';
import { TemplateCatalog } from './template-catalog';
import { TemplatesController } from './templates.controller';

/** The label sets, gitignore templates and licenses a new repository can start from. */
@Module({
  controllers: [TemplatesController],
  providers: [TemplateCatalog, RepositoryStarter],
  exports: [TemplateCatalog, RepositoryStarter],
})
export class RepoTemplatesModule {}
