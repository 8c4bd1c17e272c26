/** A repository a team has access to, for teams that do not include all of their organization's repositories. */
export interface TeamRepository {
  id: number;
  teamId: number;
  repoId: number;
}
