import { Inject, Injectable, Logger } from '@nestjs/common';
import { LedgerCorrections, OwnerStore, RepositorySearchStore } from '@bellows/domain';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { QuotaSummaries } from '../quota-overview/quota-summaries';
import { DeliveryOutcomes } from '../webhooks/delivery-outcomes';
import { LedgerCorrectionMetrics } from './ledger-correction-metrics';
import { metricsAccessAllowed } from './metrics-token';
import { ObjectCountMetrics } from './object-count-metrics';
import { OwnerQuotaExposition } from './owner-quota-exposition';
import { QuotaMetrics } from './quota-metrics';
import { RequestMetrics } from './request-metrics';
import { ScrapeStep } from './scrape-step';
import { webhookDeliveryMetrics } from './webhook-metrics';

/** Where Prometheus scrapes: `{ROOT_URL}metrics`, as Forgejo's. */
export const METRICS_PATH = '/metrics';

/**
 * The Prometheus endpoint, when `[metrics] ENABLED`: one registry per server
 * (not prom-client's global one, so several servers in one process, as in
 * the tests, keep apart), the process metrics prom-client gathers (CPU,
 * memory, event loop, GC, as Forgejo's Go runtime ones), requests by route,
 * the quota, webhook and recount series, and object counts. When disabled
 * nothing is registered: no route (404), no hook on requests, no timers.
 */
@Injectable()
export class PrometheusMetrics {
  private readonly logger = new Logger('Metrics');
  private scraping: Promise<string> | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: BellowsConfig,
    private readonly summaries: QuotaSummaries,
    private readonly ledgerCorrections: LedgerCorrections,
    private readonly deliveryOutcomes: DeliveryOutcomes,
    private readonly owners: OwnerStore,
    private readonly repositorySearch: RepositorySearchStore,
  ) {}

  /** Adds the request hook and the route; call before the app is initialised so every route is timed. */
  mount(fastify: FastifyInstance): void {
    const { enabled, token, perOwnerQuota } = this.config.metrics;
    if (!enabled) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new RequestMetrics(registry);
    webhookDeliveryMetrics(registry, this.deliveryOutcomes);
    const steps: ScrapeStep[] = [
      new QuotaMetrics(registry, this.summaries),
      new LedgerCorrectionMetrics(registry, this.ledgerCorrections),
      new ObjectCountMetrics(registry, this.owners, this.repositorySearch),
    ];
    fastify.addHook('onResponse', requests.onResponse);
    const perOwner = perOwnerQuota ? new OwnerQuotaExposition(this.summaries) : undefined;
    if (perOwner && token === '') {
      this.logger.warn('[metrics] PER_OWNER_QUOTA without a TOKEN: anyone who reaches /metrics sees every owner name, private ones too');
    }
    fastify.get(METRICS_PATH, (request, reply) => this.answer(request, reply, token, () => this.scrape(registry, steps, perOwner)));
  }

  private async answer(request: FastifyRequest, reply: FastifyReply, token: string, scrape: () => Promise<string>): Promise<void> {
    // Forgejo answers a missing or wrong token with an empty 401 (Go's http.Error), nothing more.
    if (!metricsAccessAllowed(token, request.headers.authorization)) {
      await reply.code(401).type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send('\n');
      return;
    }
    try {
      const text = await scrape();
      await reply.type(CONTENT_TYPE).send(text);
    } catch (error) {
      this.logger.error(`scrape failed: ${(error as Error).message}`);
      await reply.code(500).type('text/plain; charset=utf-8').send('metrics could not be read\n');
    }
  }

  /** Scrapes arriving together share one reading: the steps reset and refill series, so two must not interleave. */
  private scrape(registry: Registry, steps: readonly ScrapeStep[], perOwner: OwnerQuotaExposition | undefined): Promise<string> {
    this.scraping ??= (async () => {
      const [perOwnerText] = await Promise.all([perOwner?.render() ?? '', ...steps.map((step) => step.beforeScrape())]);
      return (await registry.metrics()) + perOwnerText;
    })().finally(() => (this.scraping = undefined));
    return this.scraping;
  }
}

/** The text exposition format, version 0.0.4. */
const CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
