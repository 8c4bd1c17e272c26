/**
 * The failures the git ports report, owned by the application so that use
 * cases can tell them apart without knowing the adapter. The binding
 * (app/ports/git.ports.ts) turns the git adapter's errors of the same names
 * into these; anything else (git itself failing) passes through unchanged.
 */
export class GitPortError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A name, ref, revision or path given by a caller is not acceptable. */
export class InvalidGitInputError extends GitPortError {
  constructor(
    message: string,
    /** What was given (e.g. "branch", "file path"). */
    readonly field: string,
    readonly value: string,
  ) {
    super(message);
  }
}

/** A repository, ref, commit or path does not exist. */
export class GitNotFoundError extends GitPortError {}

/** The repository changed meanwhile, or the caller's expectation about it is stale, or what is to be made exists. */
export class GitConflictError extends GitPortError {}

/** Content is larger than the caller allowed to load into memory. */
export class GitContentTooLargeError extends GitPortError {}
