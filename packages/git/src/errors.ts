/** Base class of every error this package throws, so callers can map them to HTTP statuses. */
export class GitAdapterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A name, ref, revision or path given by a caller is not acceptable (→ 400/422). */
export class InvalidGitInputError extends GitAdapterError {
  constructor(
    readonly field: string,
    readonly value: string,
    reason: string,
  ) {
    super(`invalid ${field} ${JSON.stringify(value)}: ${reason}`);
  }
}

/** A repository, ref, commit or path does not exist (→ 404). */
export class GitNotFoundError extends GitAdapterError {}

/** The repository changed under us or the caller's expectation about it is stale (→ 409/422). */
export class GitConflictError extends GitAdapterError {}

/** `git` itself failed or timed out in a way the caller cannot fix (→ 500). */
export class GitCommandError extends GitAdapterError {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
    detail?: string,
  ) {
    super(`git ${args[0] ?? ''} failed (${detail ?? `exit ${exitCode}`}): ${stderr.trim().slice(0, 500)}`);
  }
}

/** Content is larger than the caller allowed to load into memory (→ 413/422). */
export class GitContentTooLargeError extends GitAdapterError {}
