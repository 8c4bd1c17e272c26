import { Global, Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { IssuesModule } from '../issues/issues.module';
import { IssueWebhooks } from './issue-webhooks.service';
import { PackageWebhooks } from './package-webhooks.service';
import { PullWebhooks } from './pull-webhooks.service';
import { ReleaseWebhooks } from './release-webhooks.service';
import { RepositoryWebhooks } from './repository-webhooks.service';
import { StatusWebhooks } from './status-webhooks.service';
import { WikiWebhooks } from './wiki-webhooks.service';

/**
 * Webhook events of issues, comments, pull requests, releases,
 * repositories, wikis, commit statuses and packages: Forgejo's payloads, rendered from the API's own shapes and
 * queued through the webhooks area's WebhookEvents. Global so that the areas
 * making the changes can inject these services without depending on this module.
 */
@Global()
@Module({
  imports: [IssuesModule],
  providers: [
    IssueWebhooks,
    PackageWebhooks,
    PullWebhooks,
    ReleaseWebhooks,
    RepositoryWebhooks,
    StatusWebhooks,
    WikiWebhooks,
    shapeContextProvider,
  ],
  exports: [IssueWebhooks, PackageWebhooks, PullWebhooks, ReleaseWebhooks, RepositoryWebhooks, StatusWebhooks, WikiWebhooks],
})
export class WebhookEventsModule {}
