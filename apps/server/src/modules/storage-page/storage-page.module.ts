import { Module } from '@nestjs/common';

/** The server-rendered storage pages (user, organization, admin settings). */
@Module({})
export class StoragePageModule {}
