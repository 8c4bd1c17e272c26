import { Module } from '@nestjs/common';
import { MarkdownRendering } from './markdown-rendering.service';
import { MarkupController } from './markup.controller';

/** Rendering Markdown to safe HTML for clients' previews. */
@Module({
  controllers: [MarkupController],
  providers: [MarkdownRendering],
})
export class MarkupModule {}
