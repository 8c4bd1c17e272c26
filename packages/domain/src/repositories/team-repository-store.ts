import type { Team } from '../accounts/team';

/**
 * Port: which teams reach a repository: the teams of its organization that
 * include all repositories (the Owners team among them), plus those it was added to.
 */
export abstract class TeamRepositoryStore {
  /** Gives the team access to the repository; adding it twice changes nothing. */
  abstract add(teamId: number, repoId: number): Promise<void>;
  /** Takes the repository from the team; nothing happens when it had no access. */
  abstract remove(teamId: number, repoId: number): Promise<void>;
  /** Whether the team reaches the repository: it includes all of its organization's repositories, or was added to it. */
  abstract reaches(team: Team, repoId: number): Promise<boolean>;
  /** The teams of organization `orgId` that reach repository `repoId`, in the order they were created. */
  abstract teamsReaching(orgId: number, repoId: number): Promise<Team[]>;
  /** The teams of organization `orgId` whose member `userId` may create repositories through them. */
  abstract teamsThatMayCreate(orgId: number, userId: number): Promise<Team[]>;
  /** The teams of organization `orgId` that `userId` is a member of and that reach repository `repoId`. */
  abstract teamsOfUserReaching(orgId: number, repoId: number, userId: number): Promise<Team[]>;
}
