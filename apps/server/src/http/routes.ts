import { RequestMethod } from '@nestjs/common';
import { RouteInfo } from '@nestjs/common/interfaces';

/** The JSON API lives under this prefix; everything in NON_API_ROUTES sits outside it. */
export const API_PREFIX = 'api/v1';

/**
 * Routes served beside the API rather than under /api/v1: health, the API
 * description, git and LFS, package registries, attachment downloads and archives.
 * Controllers for these declare their full path.
 */
export const NON_API_ROUTES: (string | RouteInfo)[] = [
  { path: 'api/healthz', method: RequestMethod.GET },
  { path: 'attachments/:uuid', method: RequestMethod.GET },
  { path: 'avatars/:id', method: RequestMethod.GET },
  { path: 'repo-avatars/:id', method: RequestMethod.GET },
  { path: ':owner/:repo/archive/*path', method: RequestMethod.GET },
];
