import { BiggestItems } from '../../modules/storage-page/biggest-items';
import { WebSessionStore } from '../../modules/web-sessions/web-session-store';
import { bindPort } from './bind-port';

/** The web pages' own ports: browser sessions and the storage page's biggest items. */
export const WEB_PAGES_PORTS = [bindPort(WebSessionStore, (db) => db.webSessions), bindPort(BiggestItems, (db) => db.biggestItems)];
