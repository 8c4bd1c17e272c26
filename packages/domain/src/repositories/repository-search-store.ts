import { RepositoryWithOwner } from './repository';
import { RepositorySearch } from './repository-search';

/** Port: lists of repositories, per owner, for a viewer, by keyword, in any supported order. */
export abstract class RepositorySearchStore {
  /** One page of the repositories matching the search (each with its owner) and the total number of matches. */
  abstract search(search: RepositorySearch): Promise<[RepositoryWithOwner[], number]>;
}
