import { CommentStore, IssueLabelStore, IssueStore, LabelStore, MilestoneStore, NotificationStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Issues, comments, milestones, labels and notifications. */
export const ISSUES_PORTS = [
  bindPort(IssueStore, (db) => db.issues),
  bindPort(CommentStore, (db) => db.comments),
  bindPort(MilestoneStore, (db) => db.milestones),
  bindPort(LabelStore, (db) => db.labels),
  bindPort(IssueLabelStore, (db) => db.issueLabels),
  bindPort(NotificationStore, (db) => db.notifications),
];
