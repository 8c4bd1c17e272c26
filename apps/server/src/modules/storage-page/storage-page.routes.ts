import { Inject, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Owner, OwnerStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { mountRawRoutes } from '../../http/raw-routes';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { QuotaSummaries } from '../quota-overview/quota-summaries';
import { loginUrlFor } from '../web-sessions/safe-redirect';
import { sendWebError } from '../web-sessions/web-errors';
import { SignedInHeader, WEB_PAGE_HEADERS } from '../web-sessions/web-page';
import { WebSessions } from '../web-sessions/web-sessions.service';
import { adminStoragePage } from './admin-storage-page';
import { ownerStoragePage } from './storage-page';
import { StorageReports } from './storage-reports.service';

/** How many owners the admin page lists. */
const ADMIN_TOP_OWNERS = 20;

/**
 * The storage pages, for a browser signed in with a session (WebSessions):
 * `{ROOT_URL}user/settings/storage` (one's own), `org/{org}/settings/storage`
 * (the organization's owners and site admins) and `-/admin/storage` (site
 * admins). Without a session: 303 to the sign-in form and back. Anyone else
 * gets 404, as for everything private. Absent (404) when `[quota] ENABLED = false`.
 */
@Injectable()
export class StoragePageRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: WebSessions,
    private readonly reports: StorageReports,
    private readonly summaries: QuotaSummaries,
    private readonly owners: OwnerStore,
    private readonly orgs: OrgMembershipService,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  onModuleInit(): void {
    // Like the quota API, the pages are absent when quota is off (`[quota] ENABLED = false`): 404.
    if (!this.config.quota.enabled) return;
    mountRawRoutes(this.adapterHost, (scope) => {
      scope.setErrorHandler((error, request, reply) => sendWebError(error, request, reply, this.sessions.base));
      this.mount(scope);
    });
  }

  private mount(scope: FastifyInstance): void {
    scope.get('/user/settings/storage', (request, reply) => this.userPage(request, reply));
    scope.get<{ Params: { org: string } }>('/org/:org/settings/storage', (request, reply) => this.orgPage(request, reply));
    scope.get('/-/admin/storage', (request, reply) => this.adminPage(request, reply));
  }

  private async userPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const viewer = await this.viewerOr303(request, reply);
    if (!viewer) return;
    const report = await this.reports.reportOf(viewer.user, viewer.user);
    sendPage(reply, ownerStoragePage(report, viewer.header, this.sessions.base));
  }

  private async orgPage(request: FastifyRequest<{ Params: { org: string } }>, reply: FastifyReply): Promise<void> {
    const viewer = await this.viewerOr303(request, reply);
    if (!viewer) return;
    const org = await this.owners.findByName(request.params.org);
    // Members who may see the organization but not manage it get 404 too: the page is private to its owners.
    if (!org || org.kind !== 'organization' || !(await this.orgs.mayManage(org, viewer.user))) throw notFound();
    const report = await this.reports.reportOf(org, viewer.user);
    sendPage(reply, ownerStoragePage(report, viewer.header, this.sessions.base));
  }

  private async adminPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const viewer = await this.viewerOr303(request, reply);
    if (!viewer) return;
    if (!viewer.user.isAdmin) throw notFound();
    const [totals, top] = await Promise.all([
      this.summaries.instanceTotals(),
      this.summaries.list({ sort: 'size:all', order: 'desc', page: 1, limit: ADMIN_TOP_OWNERS }),
    ]);
    sendPage(reply, adminStoragePage(totals, top, viewer.header, this.sessions.base));
  }

  /** The signed-in viewer, or undefined after answering 303 to the sign-in form (which comes back here). */
  private async viewerOr303(request: FastifyRequest, reply: FastifyReply): Promise<{ user: Owner; header: SignedInHeader } | undefined> {
    const signedIn = await this.sessions.signedIn(request);
    if (!signedIn) {
      reply.status(303).header('cache-control', 'no-store').header('location', loginUrlFor(request.url, this.sessions.base)).send();
      return undefined;
    }
    return { user: signedIn.user, header: { userName: signedIn.user.name, csrfToken: this.sessions.csrfTokenOf(signedIn) } };
  }
}

function sendPage(reply: FastifyReply, html: string): void {
  reply.status(200).headers(WEB_PAGE_HEADERS).send(html);
}

function notFound(): NotFoundException {
  return new NotFoundException('not found');
}
