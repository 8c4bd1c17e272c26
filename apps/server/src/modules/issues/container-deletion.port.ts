/**
 * Application port of the issues area: deleting an issue or a comment takes
 * its attachments with it, in one transaction, their bytes leaving the
 * owner's usage (the container is locked first, so an upload into it either
 * finished before and is counted off, or is refused). Bound to the attachment
 * store in app/ports/issues.ports.ts until the attachments area has its port.
 */
export abstract class ContainerDeletion {
  /**
   * Deletes the issue (its comments' attachments included) or the comment with
   * its attachments; answers the files the deleted attachments used (the
   * caller removes them once this has committed), or null when it was already gone.
   */
  abstract deleteContainer(kind: 'issue' | 'comment', id: number): Promise<{ uuid: string }[] | null>;
}
