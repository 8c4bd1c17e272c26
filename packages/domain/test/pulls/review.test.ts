import { approvalCount, PullReview, refusalOf, reviewCommentLine, standingVerdicts } from '../../src/pulls/review';

const HEAD = 'h'.repeat(40);
let nextId = 1;
function review(reviewerId: number, state: PullReview['state'], extra: Partial<PullReview> = {}): PullReview {
  const at = new Date(1_700_000_000_000 + nextId * 1000);
  return {
    id: nextId++,
    issueId: 1,
    reviewerId,
    state,
    body: '',
    commitId: HEAD,
    official: true,
    dismissed: false,
    createdAt: at,
    updatedAt: at,
    submittedAt: state === 'PENDING' || state === 'REQUEST_REVIEW' ? null : at,
    ...extra,
  };
}

describe('review rules', () => {
  it('refuses a verdict on your own or a closed pull request, and a review that says nothing', () => {
    const base = { body: 'text', commentCount: 0, byPoster: false, pullIsClosed: false };
    expect(refusalOf({ ...base, state: 'APPROVED', byPoster: true })).toMatch(/your own/);
    expect(refusalOf({ ...base, state: 'REQUEST_CHANGES', pullIsClosed: true })).toMatch(/closed/);
    expect(refusalOf({ ...base, state: 'REQUEST_CHANGES', body: ' ' })).toMatch(/body/);
    expect(refusalOf({ ...base, state: 'COMMENT', body: '' })).toMatch(/body/);
    expect(refusalOf({ ...base, state: 'COMMENT', body: '', commentCount: 1 })).toBeUndefined();
    expect(refusalOf({ ...base, state: 'COMMENT', byPoster: true })).toBeUndefined();
    expect(refusalOf({ ...base, state: 'APPROVED', body: '' })).toBeUndefined();
  });

  it('stores a line of the new file as positive, of the old file as negative', () => {
    expect(reviewCommentLine({ newPosition: 3 })).toBe(3);
    expect(reviewCommentLine({ oldPosition: 3 })).toBe(-3);
    expect(reviewCommentLine({ newPosition: 0, oldPosition: 0 })).toBe(0);
    expect(reviewCommentLine({})).toBe(0);
    expect(reviewCommentLine({ newPosition: 1, oldPosition: 1 })).toMatch(/not both/);
    expect(reviewCommentLine({ newPosition: -1 })).toMatch(/positive/);
  });

  it('counts each reviewer’s latest official, undismissed verdict on the head', () => {
    const reviews = [
      review(1, 'REQUEST_CHANGES'),
      review(1, 'APPROVED'), // 1 changed their mind: approves
      review(2, 'APPROVED'),
      review(2, 'REQUEST_CHANGES'), // 2 changed theirs: no approval
      review(3, 'APPROVED', { official: false }), // not a writer
      review(4, 'APPROVED', { dismissed: true }),
      review(5, 'APPROVED', { commitId: 'o'.repeat(40) }), // an older head
      review(6, 'COMMENT'),
      review(7, 'PENDING'),
      review(8, 'REQUEST_REVIEW'),
    ];
    expect(approvalCount(reviews, HEAD)).toBe(1);
    expect([...standingVerdicts(reviews, HEAD).keys()].sort()).toEqual([1, 2]);
    expect(approvalCount(reviews)).toBe(2); // without a head, the older head's approval stands
  });
});
