import { Module } from '@nestjs/common';
import { RefProtection } from './ref-protection.service';

/**
 * RefProtection alone, on the core ports only, so that every module that changes
 * refs (git over HTTP and SSH, the contents, refs and pulls APIs) can import it
 * without importing the protection API's controllers and their dependencies.
 */
@Module({
  providers: [RefProtection],
  exports: [RefProtection],
})
export class RefProtectionModule {}
