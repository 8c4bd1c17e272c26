/**
 * Moved to dto/user.dto.ts (issue 11). Kept only while files other engineers
 * are changing still import it; delete it once nothing imports it.
 */
export { ApiUser, toApiUser } from './dto/user.dto';
export type { ShapeContext } from './dto/user.dto';
