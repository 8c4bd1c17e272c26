import { FastifyRequest } from 'fastify';
import { Actor } from './actor';

/**
 * Port: works out who is calling from the credentials on a request. The auth
 * guard depends on this; the auth module's Authenticator implements it and
 * app/ binds the two, so http/ never imports a module.
 */
export abstract class Authenticate {
  /**
   * The signed-in caller, or undefined for a request without credentials;
   * wrong credentials throw an HttpException (401 or 403).
   */
  abstract authenticate(request: FastifyRequest): Promise<Actor | undefined>;
}
