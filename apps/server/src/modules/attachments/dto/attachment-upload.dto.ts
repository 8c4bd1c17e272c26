import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ATTACHMENT_FIELD } from '../attachment-upload';
import { ApiAttachment } from './attachment.dto';

/**
 * The API description of an attachment upload: a multipart form with the file,
 * or the file's bytes as the whole body (then named by the `name` query
 * parameter), as in Forgejo, which lists application/octet-stream for the
 * raw form; any content type but multipart/form-data is taken as raw. Issue
 * and comment uploads also take `updated_at` to back-date them (release
 * uploads do not).
 */
const UPLOAD_BODY = {
  required: true,
  description: `a multipart form with the file in the field "${ATTACHMENT_FIELD}", or the file itself as the body (any other content type)`,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        required: [ATTACHMENT_FIELD],
        properties: { [ATTACHMENT_FIELD]: { type: 'string' as const, format: 'binary' } },
      },
    },
    'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } },
  },
};

export function ApiAttachmentUpload(options: { backDating: boolean } = { backDating: true }): MethodDecorator {
  const backDating = options.backDating
    ? [
        ApiQuery({
          name: 'updated_at',
          required: false,
          description: 'back-dates the upload (RFC 3339)',
          schema: { type: 'string', format: 'date-time' },
        }),
        ApiForbiddenResponse({ description: 'neither the author nor a writer, or updated_at set by someone who may not back-date' }),
        ApiUnprocessableEntityResponse({ description: 'a bad name or updated_at' }),
      ]
    : [];
  return applyDecorators(
    ApiOperation({ requestBody: UPLOAD_BODY }),
    ApiQuery({
      name: 'name',
      required: false,
      description: 'the name to give the attachment: by default the file name of a form; required when the body is the file itself',
    }),
    ApiCreatedResponse({ type: ApiAttachment }),
    ApiBadRequestResponse({ description: 'a form without the file in its attachment field, a raw body without name, or a body cut short' }),
    ApiPayloadTooLargeResponse({ description: 'larger than [attachment] MAX_SIZE' }),
    ...backDating,
  );
}
