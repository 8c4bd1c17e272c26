/**
 * Series read from the database when Prometheus scrapes, rather than counted
 * as things happen: the endpoint runs every step (side by side), then
 * renders the registry, so one scrape shows one reading of each.
 */
export interface ScrapeStep {
  beforeScrape(): Promise<void>;
}
