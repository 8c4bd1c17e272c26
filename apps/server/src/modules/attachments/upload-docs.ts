import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiForbiddenResponse, ApiPayloadTooLargeResponse, ApiQuery, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ApiAttachment } from './attachment-shapes';
import { ATTACHMENT_FIELD } from './attachment-upload';

/**
 * The API description of an attachment upload: a multipart form with the file
 * and the `name` query parameter; issue and comment uploads also take
 * `updated_at` to back-date them (release uploads do not).
 */
export function ApiAttachmentUpload(options: { backDating: boolean } = { backDating: true }): MethodDecorator {
  const backDating = options.backDating
    ? [
        ApiQuery({ name: 'updated_at', required: false, description: 'back-dates the upload (RFC 3339)', schema: { type: 'string', format: 'date-time' } }),
        ApiForbiddenResponse({ description: 'neither the author nor a writer, or updated_at set by someone who may not back-date' }),
        ApiUnprocessableEntityResponse({ description: 'a bad name or updated_at' }),
      ]
    : [];
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: [ATTACHMENT_FIELD], properties: { [ATTACHMENT_FIELD]: { type: 'string', format: 'binary' } } } }),
    ApiQuery({ name: 'name', required: false, description: 'the name to give the attachment (default: the file name)' }),
    ApiCreatedResponse({ type: ApiAttachment }),
    ApiPayloadTooLargeResponse({ description: 'larger than [attachment] MAX_SIZE' }),
    ...backDating,
  );
}
