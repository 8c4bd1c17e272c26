/** Port: whether the database answers (the health check's only question). */
export abstract class DatabaseHealth {
  /** Resolves when the database answered a trivial query; rejects when it did not. */
  abstract ping(): Promise<void>;
}
