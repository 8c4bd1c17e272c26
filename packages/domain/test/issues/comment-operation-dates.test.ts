import { createCommentAttachmentDates, createCommentDates, editCommentDates } from '../../src/issues';
import { at, ContextMother, IssueMother, NOW } from './issue-mother';

const GIVEN = '2024-05-05T10:00:00Z';

describe('create comment', () => {
  const issue = IssueMother.typical();

  it('dates the comment and the issue update now without updated_at', () => {
    expect(createCommentDates(issue, 'Looks good', ContextMother.withoutDate())).toEqual({
      commentCreatedAt: NOW,
      commentUpdatedAt: NOW,
      issueUpdatedAt: NOW,
      crossReferences: [],
    });
  });

  it('makes the given date the comment creation date and the issue update date', () => {
    expect(createCommentDates(issue, 'Looks good', ContextMother.backDatedTo(GIVEN))).toEqual({
      commentCreatedAt: at(GIVEN),
      commentUpdatedAt: at(GIVEN),
      issueUpdatedAt: at(GIVEN),
      crossReferences: [],
    });
  });

  it('creates a cross-reference event with the given date in each issue the comment mentions', () => {
    const dates = createCommentDates(issue, 'Same as #7 and bob/tools#2', ContextMother.backDatedTo(GIVEN));
    expect(dates.crossReferences).toEqual([
      { target: { repository: { owner: 'alice', name: 'garden' }, index: 7 }, createdAt: at(GIVEN) },
      { target: { repository: { owner: 'bob', name: 'tools' }, index: 2 }, createdAt: at(GIVEN) },
    ]);
  });

  it('dates the cross-reference events now without updated_at', () => {
    const dates = createCommentDates(issue, 'Same as #7', ContextMother.withoutDate());
    expect(dates.crossReferences.map((event) => event.createdAt)).toEqual([NOW]);
  });
});

describe('edit comment', () => {
  const issue = IssueMother.typical();

  it('dates the comment update and the issue update now without updated_at', () => {
    expect(editCommentDates(issue, 'Edited', ContextMother.withoutDate())).toEqual({
      commentUpdatedAt: NOW,
      issueUpdatedAt: NOW,
      crossReferences: [],
    });
  });

  it('makes the given date the comment update date and the issue update date', () => {
    expect(editCommentDates(issue, 'Edited', ContextMother.backDatedTo(GIVEN))).toEqual({
      commentUpdatedAt: at(GIVEN),
      issueUpdatedAt: at(GIVEN),
      crossReferences: [],
    });
  });

  it('dates the cross-references of the new text with the given date', () => {
    const dates = editCommentDates(issue, 'Actually a duplicate of #9', ContextMother.backDatedTo(GIVEN));
    expect(dates.crossReferences).toEqual([{ target: { repository: { owner: 'alice', name: 'garden' }, index: 9 }, createdAt: at(GIVEN) }]);
  });
});

describe('create comment attachment', () => {
  const issue = IssueMother.typical();

  it('dates the attachment, the comment update and the issue update now without updated_at', () => {
    expect(createCommentAttachmentDates(issue, ContextMother.withoutDate())).toEqual({
      attachmentCreatedAt: NOW,
      commentUpdatedAt: NOW,
      issueUpdatedAt: NOW,
    });
  });

  it('makes the given date the comment update date and the attachment creation date, leaving the issue', () => {
    expect(createCommentAttachmentDates(issue, ContextMother.backDatedTo(GIVEN))).toEqual({
      attachmentCreatedAt: at(GIVEN),
      commentUpdatedAt: at(GIVEN),
      issueUpdatedAt: issue.updatedAt,
    });
  });
});
