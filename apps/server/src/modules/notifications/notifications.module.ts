import { Global, Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { IssueEvents } from './notification-events';
import { NotificationService } from './notification.service';
import { NotificationThreads } from './notification-threads.service';
import { NotificationsController } from './notifications.controller';
import { RepoNotificationsController } from './repo-notifications.controller';

/**
 * Notifications: threads for watchers and participants of issues, and the
 * routes that read and mark them. Global so that the issues module can inject
 * `IssueEvents` (to publish) without depending on this module.
 */
@Global()
@Module({
  imports: [RepositoriesModule],
  controllers: [NotificationsController, RepoNotificationsController],
  providers: [IssueEvents, NotificationService, NotificationThreads, shapeContextProvider],
  exports: [IssueEvents],
})
export class NotificationsModule {}
