import { Body, Controller, Header, HttpCode, Post, UnprocessableEntityException } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { MarkdownOption, MarkupOption } from './dto/markup.dto';
import { MarkdownRendering } from './markdown-rendering.service';

const HTML = 'text/html; charset=utf-8';

/** `POST /markdown`, `/markdown/raw`, `/markup`: text to safe HTML, for previews (Forgejo's renderMarkdown…). */
@ApiTags('miscellaneous')
@Controller()
export class MarkupController {
  constructor(private readonly markdown: MarkdownRendering) {}

  @Post('markdown')
  @HttpCode(200)
  @Header('content-type', HTML)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the HTML', schema: { type: 'string' } })
  @ApiUnprocessableEntityResponse({ description: 'an unknown Mode' })
  renderMarkdown(@Body() body: MarkdownOption): string {
    return this.markdown.render(body.Text ?? '', body.Mode, body.Context);
  }

  @Post('markdown/raw')
  @HttpCode(200)
  @Header('content-type', HTML)
  @ApiConsumes('text/plain')
  @ApiProduces('text/html')
  @ApiBody({ schema: { type: 'string' }, description: 'the Markdown, as the request body' })
  @ApiOkResponse({ description: 'the HTML', schema: { type: 'string' } })
  renderMarkdownRaw(@Body() body: unknown): string {
    if (typeof body !== 'string') throw new UnprocessableEntityException('send the Markdown as a text/plain body');
    return this.markdown.render(body, 'markdown', undefined);
  }

  @Post('markup')
  @HttpCode(200)
  @Header('content-type', HTML)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the HTML', schema: { type: 'string' } })
  @ApiUnprocessableEntityResponse({ description: 'an unknown Mode' })
  renderMarkup(@Body() body: MarkupOption): string {
    if ((body.Mode ?? '').toLowerCase() === 'file') return this.markdown.renderFile(body.Text ?? '', body.FilePath, body.Context);
    return this.markdown.render(body.Text ?? '', body.Mode, body.Context);
  }
}
