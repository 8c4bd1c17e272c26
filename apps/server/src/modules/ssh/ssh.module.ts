import { Module } from '@nestjs/common';
import { GitHttpModule } from '../git-http/git-http.module';
import { GitRepositoryLocator } from '../git-http/git-repository-locator';
import { RefProtectionModule } from '../protection/ref-protection.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { SshCommands } from './ssh-commands';
import { SshGitAccess } from './ssh-git-access';
import { SshServer } from './ssh-server';
import { SshSignIn } from './ssh-sign-in';

/** Git over SSH: the built-in SSH server, started when [server] START_SSH_SERVER is true. */
@Module({
  imports: [RepositoriesModule, GitHttpModule, RefProtectionModule],
  providers: [SshSignIn, SshGitAccess, GitRepositoryLocator, SshCommands, SshServer],
  exports: [SshServer],
})
export class SshModule {}
