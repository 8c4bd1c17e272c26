import { addLabelsDates, createIssueAttachmentDates, editIssueDates } from '../../src/issues';
import { at, ContextMother, IssueMother, MilestoneMother, NOW } from './issue-mother';

const GIVEN = '2024-05-05T10:00:00Z';

describe('edit issue', () => {
  const issue = IssueMother.typical();

  it('sets the issue update date to now without updated_at', () => {
    expect(editIssueDates({ issue }, ContextMother.withoutDate())).toEqual({ issueUpdatedAt: NOW });
  });

  it('sets the issue update date to the given date', () => {
    expect(editIssueDates({ issue }, ContextMother.backDatedTo(GIVEN))).toEqual({ issueUpdatedAt: at(GIVEN) });
  });

  it('may set an update date earlier than the current one: the given date is stored as it is', () => {
    const dates = editIssueDates({ issue }, ContextMother.backDatedTo('2024-02-01T00:00:00Z'));
    expect(dates.issueUpdatedAt).toEqual(at('2024-02-01T00:00:00Z'));
  });
});

describe('edit issue changing the milestone', () => {
  const issue = IssueMother.typical();

  it('raises the new milestone update date to the given date when that is later', () => {
    const newMilestone = MilestoneMother.lastUpdatedOn('2024-03-01T00:00:00Z');
    const dates = editIssueDates({ issue, newMilestone }, ContextMother.backDatedTo(GIVEN));
    expect(dates.milestoneUpdatedAt).toEqual(at(GIVEN));
  });

  it('does not lower the milestone update date with an earlier given date', () => {
    const newMilestone = MilestoneMother.lastUpdatedOn('2024-05-20T00:00:00Z');
    const dates = editIssueDates({ issue, newMilestone }, ContextMother.backDatedTo(GIVEN));
    expect(dates).toEqual({ issueUpdatedAt: at(GIVEN), milestoneUpdatedAt: at('2024-05-20T00:00:00Z') });
  });

  it('sets the milestone update date to now without updated_at', () => {
    const newMilestone = MilestoneMother.lastUpdatedOn('2024-05-20T00:00:00Z');
    expect(editIssueDates({ issue, newMilestone }, ContextMother.withoutDate()).milestoneUpdatedAt).toEqual(NOW);
  });

  it('leaves milestones alone when the edit does not change the milestone', () => {
    expect(editIssueDates({ issue }, ContextMother.backDatedTo(GIVEN))).not.toHaveProperty('milestoneUpdatedAt');
  });
});

describe('add labels', () => {
  const issue = IssueMother.typical();

  it('dates the label event and the issue update now without updated_at', () => {
    expect(addLabelsDates(issue, ContextMother.withoutDate())).toEqual({ labelEventCreatedAt: NOW, issueUpdatedAt: NOW });
  });

  it('gives the label event the given date and leaves the issue update date as it was', () => {
    expect(addLabelsDates(issue, ContextMother.backDatedTo(GIVEN))).toEqual({
      labelEventCreatedAt: at(GIVEN),
      issueUpdatedAt: issue.updatedAt,
    });
  });
});

describe('create issue attachment', () => {
  const issue = IssueMother.typical();

  it('dates the attachment, the content-change event and the issue update now without updated_at', () => {
    expect(createIssueAttachmentDates(issue, ContextMother.withoutDate())).toEqual({
      attachmentCreatedAt: NOW,
      contentEventCreatedAt: NOW,
      issueUpdatedAt: NOW,
    });
  });

  it('gives the attachment and the content-change event the given date and leaves the issue update date', () => {
    expect(createIssueAttachmentDates(issue, ContextMother.backDatedTo(GIVEN))).toEqual({
      attachmentCreatedAt: at(GIVEN),
      contentEventCreatedAt: at(GIVEN),
      issueUpdatedAt: issue.updatedAt,
    });
  });
});
