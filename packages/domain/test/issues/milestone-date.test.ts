import { milestoneUpdateDate } from '../../src/issues';
import { at, MilestoneMother } from './issue-mother';

describe("a milestone's update date", () => {
  const milestone = MilestoneMother.lastUpdatedOn('2024-03-01T00:00:00Z');

  it('rises to a later issue update date', () => {
    expect(milestoneUpdateDate(milestone, at('2024-04-01T00:00:00Z'))).toEqual(at('2024-04-01T00:00:00Z'));
  });

  it('is not lowered by an earlier issue update date', () => {
    expect(milestoneUpdateDate(milestone, at('2024-02-01T00:00:00Z'))).toEqual(at('2024-03-01T00:00:00Z'));
  });

  it('is the maximum of its issues update dates whatever order they arrive in', () => {
    const issueDates = ['2024-03-15T00:00:00Z', '2024-05-02T00:00:00Z', '2024-04-20T00:00:00Z'].map(at);
    const final = issueDates.reduce((updatedAt, issueDate) => milestoneUpdateDate({ updatedAt }, issueDate), milestone.updatedAt);
    expect(final).toEqual(at('2024-05-02T00:00:00Z'));
  });
});
