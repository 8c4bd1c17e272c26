import { QuotaInfoOptions } from '@bellows/domain';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';

/**
 * Whether the owner-facing quota answers (`/user/quota`, `/orgs/{org}/quota`)
 * carry rule and group names. Names are the operator's plan names ("trial",
 * "customer-acme"), so, as in Forgejo, only site admins see them there unless
 * `[quota] SHOW_NAMES_TO_OWNERS` says the plans are no secret. Limits and
 * subjects are always shown: they are what an owner needs to stay within quota.
 */
export function quotaInfoOptionsFor(actor: Actor, config: BellowsConfig): QuotaInfoOptions {
  return { withNames: actor.user.isAdmin || config.quota.showNamesToOwners };
}
