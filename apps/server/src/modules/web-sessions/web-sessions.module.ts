import { Module } from '@nestjs/common';

/** Browser sign-in: the session cookie, the sign-in form, CSRF tokens. */
@Module({})
export class WebSessionsModule {}
