import { HttpException } from '@nestjs/common';

/** The message an HttpException carries: its text, or its validation messages joined. */
export function httpExceptionMessage(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
}
