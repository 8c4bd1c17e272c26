/**
 * Moved to dto/user.dto.ts (issue 11). Kept only while committed files of areas
 * still being converted import it (pulls, repositories); delete it once
 * `git grep accounts/api-shapes` finds nothing.
 */
export { ApiUser, toApiUser } from './dto/user.dto';
export type { ShapeContext } from './dto/user.dto';
