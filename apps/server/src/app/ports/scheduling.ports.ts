import { ScheduledJobStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Scheduled jobs shared by every instance on the database (due times, history, leases). */
export const SCHEDULING_PORTS = [bindPort(ScheduledJobStore, (db) => db.scheduledJobs)];
