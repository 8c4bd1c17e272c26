import {
  addLabelsDates,
  createCommentAttachmentDates,
  createCommentDates,
  createIssueAttachmentDates,
  editCommentDates,
  editIssueDates,
  guardExplicitDate,
  OperationContext,
  UpdateDatePermissionError,
  UpdateDateValidationError,
} from '../../src/issues';
import { ActorMother, at, ContextMother, IssueMother, NOW } from './issue-mother';

describe('the guard on an explicit update date', () => {
  const issue = IssueMother.openedOn('2024-01-10T09:00:00Z');
  const check =
    (date: Date, rights = ActorMother.repositoryOwner()) =>
    () =>
      guardExplicitDate({ date, issueCreatedAt: issue.createdAt, now: NOW, rights });

  it('refuses a date before the issue was created, saying so', () => {
    expect(check(at('2024-01-10T08:59:59.999Z'))).toThrow(UpdateDateValidationError);
    expect(check(at('2024-01-10T08:59:59.999Z'))).toThrow(
      "updated_at 2024-01-10T08:59:59.999Z is before the issue's creation date; it must lie between the issue's creation date (2024-01-10T09:00:00.000Z) and now",
    );
  });

  it('refuses a date in the future, saying so', () => {
    expect(check(new Date(NOW.getTime() + 1))).toThrow(UpdateDateValidationError);
    expect(check(new Date(NOW.getTime() + 1))).toThrow(/is in the future; it must lie between the issue's creation date .* and now/);
  });

  it('accepts exactly the creation date and exactly now', () => {
    expect(check(issue.createdAt)).not.toThrow();
    expect(check(NOW)).not.toThrow();
  });

  it.each([
    ['the repository owner', ActorMother.repositoryOwner()],
    ['a repository admin', ActorMother.repositoryAdmin()],
    ['a site admin', ActorMother.siteAdmin()],
  ])('lets %s back-date', (_who, rights) => {
    expect(check(at('2024-03-01T00:00:00Z'), rights)).not.toThrow();
  });

  it('refuses someone who neither owns nor administers the repository, with a permission error', () => {
    expect(check(at('2024-03-01T00:00:00Z'), ActorMother.writer())).toThrow(UpdateDatePermissionError);
    expect(check(at('2024-03-01T00:00:00Z'), ActorMother.writer())).toThrow(
      'only the repository owner or an administrator may set updated_at',
    );
  });

  it('answers a non-admin with the permission error even when the date is also out of range', () => {
    expect(check(at('2000-01-01T00:00:00Z'), ActorMother.writer())).toThrow(UpdateDatePermissionError);
  });

  describe('applies the same way to every back-datable operation', () => {
    const operations: [string, (context: OperationContext) => unknown][] = [
      ['edit issue', (context) => editIssueDates({ issue }, context)],
      ['add labels', (context) => addLabelsDates(issue, context)],
      ['create issue attachment', (context) => createIssueAttachmentDates(issue, context)],
      ['create comment', (context) => createCommentDates(issue, 'text', context)],
      ['edit comment', (context) => editCommentDates(issue, 'text', context)],
      ['create comment attachment', (context) => createCommentAttachmentDates(issue, context)],
    ];

    it.each(operations)('%s refuses a date before the issue was created', (_name, operation) => {
      expect(() => operation(ContextMother.backDatedTo('2024-01-01T00:00:00Z'))).toThrow(UpdateDateValidationError);
    });

    it.each(operations)('%s refuses a date in the future', (_name, operation) => {
      expect(() => operation(ContextMother.backDatedTo('2024-07-01T00:00:00Z'))).toThrow(UpdateDateValidationError);
    });

    it.each(operations)('%s refuses a back-date by a non-admin', (_name, operation) => {
      expect(() => operation(ContextMother.backDatedTo('2024-03-01T00:00:00Z', ActorMother.writer()))).toThrow(UpdateDatePermissionError);
    });

    it.each(operations)('%s lets a non-admin act without updated_at', (_name, operation) => {
      expect(() => operation(ContextMother.withoutDate(ActorMother.writer()))).not.toThrow();
    });
  });
});
