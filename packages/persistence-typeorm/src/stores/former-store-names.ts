import { TypeOrmLabelStore } from './label.store';
import { TypeOrmMilestoneStore } from './milestone.store';

/**
 * @deprecated The adapters' names before the ports took them (issue 11), kept
 * only while apps/server/test/e2e/edits-by-id.e2e.test.ts spies on their
 * prototypes under these names: use TypeOrmLabelStore and TypeOrmMilestoneStore.
 */
export const LabelStore = TypeOrmLabelStore;
/** @deprecated See LabelStore: use TypeOrmMilestoneStore. */
export const MilestoneStore = TypeOrmMilestoneStore;
