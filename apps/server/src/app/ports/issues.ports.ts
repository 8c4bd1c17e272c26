import { bindPort } from './bind-port';

/** Issues, comments, milestones, labels and notifications. */
export const ISSUES_PORTS = [] as ReturnType<typeof bindPort>[];
