import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  chosenHookEvents,
  HookDeliveryStore,
  isValidBranchFilter,
  NewWebhook,
  Webhook,
  WebhookChanges,
  WebhookContentType,
  WebhookScope,
  WebhookStore,
} from '@bellows/domain';
import { SecretBox } from '../../crypto/secret-box';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiHook, ApiHookDelivery, CreateHookOption, EditHookOption } from './dto/hook.dto';

/** The hook types Bellows delivers: both receive Forgejo's payloads and headers. */
const DELIVERED_TYPES = ['forgejo', 'gitea'] as const;
/** Types Forgejo knows whose message formats Bellows does not render (yet): refused by name, never stored mute. */
const FORGEJO_TYPES = [
  'forgejo',
  'dingtalk',
  'discord',
  'gitea',
  'gogs',
  'msteams',
  'slack',
  'telegram',
  'feishu',
  'wechatwork',
  'packagist',
];

const SECRET_CONTEXT = 'webhook-secret';
const AUTHORIZATION_CONTEXT = 'webhook-authorization';

/**
 * Webhooks of any scope (repository, user or organization, site). Callers
 * check who may manage the scope first. Secrets and authorization headers are
 * sealed with SecretBox; the secret is never returned, the authorization
 * header only with its credentials masked.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly hooks: WebhookStore,
    private readonly deliveries: HookDeliveryStore,
    private readonly box: SecretBox,
  ) {}

  async list(scope: WebhookScope, paging: PageRequest): Promise<PageOf<ApiHook>> {
    const { hooks, total } = await this.hooks.listInScope(scope, paging);
    return new PageOf(
      hooks.map((hook) => this.toApi(hook)),
      total,
      paging,
    );
  }

  async get(scope: WebhookScope, id: number): Promise<ApiHook> {
    return this.toApi(await this.find(scope, id));
  }

  async find(scope: WebhookScope, id: number): Promise<Webhook> {
    const hook = await this.hooks.findInScope(scope, id);
    if (!hook) throw new NotFoundException(`hook ${id} does not exist`);
    return hook;
  }

  async create(scope: WebhookScope, option: CreateHookOption): Promise<ApiHook> {
    if (scope.kind === 'system' && option.is_system_webhook === false) {
      throw new UnprocessableEntityException(
        'default webhooks (is_system_webhook false) are not supported by Bellows: admin hooks are system hooks',
      );
    }
    const type = option.type.toLowerCase();
    if (!FORGEJO_TYPES.includes(type)) throw new UnprocessableEntityException(`Invalid hook type "${option.type}"`);
    if (!(DELIVERED_TYPES as readonly string[]).includes(type)) {
      throw new UnprocessableEntityException(`hook type "${type}" is not supported by Bellows: use forgejo or gitea`);
    }
    const config = stringConfig(option.config);
    for (const name of ['url', 'content_type']) {
      if (config[name] === undefined) throw new UnprocessableEntityException(`Missing config option: ${name}`);
    }
    const hook: NewWebhook = {
      scope,
      type: type as NewWebhook['type'],
      url: validUrl(config.url),
      contentType: validContentType(config.content_type),
      events: chosenHookEvents(option.events ?? []),
      branchFilter: validBranchFilter(option.branch_filter ?? ''),
      active: option.active ?? false,
      secretEncrypted: this.sealed(config.secret ?? '', SECRET_CONTEXT),
      authorizationHeaderEncrypted: this.sealed(validAuthorization(option.authorization_header ?? ''), AUTHORIZATION_CONTEXT),
    };
    return this.toApi(await this.hooks.create(hook));
  }

  async edit(scope: WebhookScope, id: number, option: EditHookOption): Promise<ApiHook> {
    await this.find(scope, id);
    const config = stringConfig(option.config ?? {});
    const changes: WebhookChanges = {};
    if (config.url !== undefined) changes.url = validUrl(config.url);
    if (config.content_type !== undefined) changes.contentType = validContentType(config.content_type);
    if (config.secret !== undefined) changes.secretEncrypted = this.sealed(config.secret, SECRET_CONTEXT);
    if (option.events !== undefined) changes.events = chosenHookEvents(option.events);
    if (option.branch_filter !== undefined) changes.branchFilter = validBranchFilter(option.branch_filter);
    if (option.active !== undefined) changes.active = option.active;
    if (option.authorization_header !== undefined) {
      changes.authorizationHeaderEncrypted = this.sealed(validAuthorization(option.authorization_header), AUTHORIZATION_CONTEXT);
    }
    const updated = await this.hooks.update(scope, id, changes);
    if (!updated) throw new NotFoundException(`hook ${id} does not exist`);
    return this.toApi(updated);
  }

  async delete(scope: WebhookScope, id: number): Promise<void> {
    if (!(await this.hooks.delete(scope, id))) throw new NotFoundException(`hook ${id} does not exist`);
  }

  /** The hook's deliveries, newest first, with every attempt; the hook's last status goes in a header. */
  async deliveriesOf(scope: WebhookScope, id: number, paging: PageRequest): Promise<{ page: PageOf<ApiHookDelivery>; lastStatus: string }> {
    const hook = await this.find(scope, id);
    const { deliveries, total } = await this.deliveries.listForHook(hook.id, paging);
    // Read after the list: a delivery settles with its hook's status in one transaction, so the status is never older than the list.
    const lastStatus = (await this.hooks.findInScope(scope, id))?.lastStatus ?? hook.lastStatus;
    const items = deliveries.map((delivery): ApiHookDelivery => ({
      id: delivery.id,
      uuid: delivery.uuid,
      event: delivery.event,
      status: delivery.state,
      attempts: delivery.attempts,
      created_at: delivery.createdAt.toISOString(),
      next_attempt_at: delivery.state === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      attempt_list: delivery.attemptList.map((attempt) => ({
        started_at: attempt.startedAt.toISOString(),
        duration_ms: attempt.durationMs,
        request_url: attempt.requestUrl,
        request_headers: attempt.requestHeaders,
        request_body: attempt.requestBody,
        response_status: attempt.responseStatus,
        response_body: attempt.responseBody,
        error: attempt.error,
      })),
    }));
    return { page: new PageOf(items, total, paging), lastStatus };
  }

  /** The secret of a hook in clear, for signing (never for answers). */
  secretOf(hook: Webhook): string {
    return hook.secretEncrypted === '' ? '' : this.box.open(hook.secretEncrypted, SECRET_CONTEXT);
  }

  authorizationOf(hook: Webhook): string {
    return hook.authorizationHeaderEncrypted === '' ? '' : this.box.open(hook.authorizationHeaderEncrypted, AUTHORIZATION_CONTEXT);
  }

  private sealed(value: string, context: string): string {
    return value === '' ? '' : this.box.seal(value, context);
  }

  private toApi(hook: Webhook): ApiHook {
    return {
      id: hook.id,
      type: hook.type,
      url: hook.url,
      content_type: hook.contentType,
      config: { url: hook.url, content_type: hook.contentType },
      events: hook.events,
      branch_filter: hook.branchFilter,
      authorization_header: maskedAuthorization(this.authorizationOf(hook)),
      active: hook.active,
      metadata: null,
      created_at: hook.createdAt.toISOString(),
      updated_at: hook.updatedAt.toISOString(),
    };
  }
}

/** The config values as strings; a value of another type is refused by name. */
function stringConfig(config: Record<string, unknown>): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [name, value] of Object.entries(config)) {
    if (typeof value !== 'string') throw new UnprocessableEntityException(`config option ${name} must be a string`);
    strings[name] = value;
  }
  return strings;
}

function validUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnprocessableEntityException('Invalid url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UnprocessableEntityException('Invalid url: http or https only');
  if (url.length > 2048) throw new UnprocessableEntityException('Invalid url: longer than 2048 characters');
  return url;
}

function validContentType(contentType: string): WebhookContentType {
  if (contentType !== 'json' && contentType !== 'form') throw new UnprocessableEntityException('Invalid content type');
  return contentType;
}

function validBranchFilter(filter: string): string {
  if (!isValidBranchFilter(filter)) throw new UnprocessableEntityException(`Invalid branch_filter "${filter}": not a glob`);
  return filter;
}

/** An authorization header value must fit in one header line. */
function validAuthorization(value: string): string {
  if (/[\r\n\0]/.test(value)) throw new UnprocessableEntityException('authorization_header must be one line');
  return value.trim();
}

/** `Bearer ********`: the scheme stays readable, the credentials never leave the server. */
function maskedAuthorization(value: string): string {
  if (value === '') return '';
  const space = value.indexOf(' ');
  return space > 0 ? `${value.slice(0, space)} ********` : '********';
}
