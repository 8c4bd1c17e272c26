import { Global, Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { IssuesModule } from '../issues/issues.module';
import { IssueWebhooks } from './issue-webhooks.service';
import { PullWebhooks } from './pull-webhooks.service';
import { ReleaseWebhooks } from './release-webhooks.service';
import { RepositoryWebhooks } from './repository-webhooks.service';
import { WikiWebhooks } from './wiki-webhooks.service';

/**
 * Webhook events of issues, comments, pull requests, releases,
 * repositories and wikis: Forgejo's payloads, rendered from the API's own shapes and
 * queued through the webhooks area's WebhookEvents. Global so that the areas
 * making the changes can inject these services without depending on this module.
 */
@Global()
@Module({
  imports: [IssuesModule],
  providers: [IssueWebhooks, PullWebhooks, ReleaseWebhooks, RepositoryWebhooks, WikiWebhooks, shapeContextProvider],
  exports: [IssueWebhooks, PullWebhooks, ReleaseWebhooks, RepositoryWebhooks, WikiWebhooks],
})
export class WebhookEventsModule {}
