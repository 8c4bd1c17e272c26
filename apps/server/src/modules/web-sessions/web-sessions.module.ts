import { Module } from '@nestjs/common';
import { WebSessions } from './web-sessions.service';
import { WebSignInRoutes } from './web-sign-in.routes';

/**
 * Browser sign-in for the web pages (`/user/login`, `/user/logout`): the
 * session cookie, the sign-in form, CSRF tokens, and the pages' shared shell
 * and stylesheet. Other web pages ask WebSessions who is signed in.
 */
@Module({
  providers: [WebSessions, WebSignInRoutes],
  exports: [WebSessions],
})
export class WebSessionsModule {}
