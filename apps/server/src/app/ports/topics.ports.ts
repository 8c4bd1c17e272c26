import { TopicStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Repository topics. */
export const TOPICS_PORTS = [bindPort(TopicStore, (db) => db.topics)];
