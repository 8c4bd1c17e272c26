import { OwnerStore, RepositorySearchStore } from '@bellows/domain';
import { Gauge, Registry } from 'prom-client';
import { ScrapeStep } from './scrape-step';

/**
 * How many users, organizations and repositories the instance has, as
 * Forgejo's `gitea_users`, `gitea_organizations`, `gitea_repositories`:
 * counted at each scrape through the stores' searches (a COUNT each).
 */
export class ObjectCountMetrics implements ScrapeStep {
  private readonly users: Gauge;
  private readonly organizations: Gauge;
  private readonly repositories: Gauge;

  constructor(
    registry: Registry,
    private readonly owners: OwnerStore,
    private readonly repositorySearch: RepositorySearchStore,
  ) {
    this.users = new Gauge({ name: 'bellows_users', help: 'Users (accounts of people and bots).', registers: [registry] });
    this.organizations = new Gauge({ name: 'bellows_organizations', help: 'Organizations.', registers: [registry] });
    this.repositories = new Gauge({ name: 'bellows_repositories', help: 'Repositories.', registers: [registry] });
  }

  async beforeScrape(): Promise<void> {
    // A page of one: the searches answer the total beside it.
    const [[, users], [, organizations], [, repositories]] = await Promise.all([
      this.owners.search({ kind: 'user' }, 0, 1),
      this.owners.search({ kind: 'organization' }, 0, 1),
      this.repositorySearch.search({ order: 'id', skip: 0, take: 1 }),
    ]);
    this.users.set(users);
    this.organizations.set(organizations);
    this.repositories.set(repositories);
  }
}
