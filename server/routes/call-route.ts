// The server's route of one call of the registry (domain/wire/calls.ts): method and path come from the call's entry and
// its handler is typed by the call's request and data, so a path is never written twice and a route cannot drift from
// the call the console and the worker send.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { CALLS, type CallName, type CallRequest, type CallResponse, type PathParams } from '../../domain/wire/calls';
import type { Envelope } from '../../domain/wire/envelope';

type ParamNames<K extends CallName> = PathParams<(typeof CALLS)[K]['path']>;
/** GET and DELETE carry their request in the query string, POST and PUT in the body (as `bodyEncoding` says). */
type CarrierOf<K extends CallName> = (typeof CALLS)[K]['method'] extends 'GET' | 'DELETE' ? 'Querystring' : 'Body';
type Rest<Request, Names extends PropertyKey> = [Names] extends [never] ? Request : Omit<Request, Names>;

/** Fastify's view of a call's request: path parameters apart, the rest where the call's method carries it. */
type CallRouteGeneric<K extends CallName, Request = CallRequest<K>> = {
  Params: Pick<CallRequest<K>, Extract<ParamNames<K>, keyof CallRequest<K>>>;
} & {
  [Carrier in CarrierOf<K>]: Rest<Request, ParamNames<K>>;
};

/** What a call's handler answers: the call's data, or a refusal without data. */
type CallAnswer<K extends CallName> = Envelope<CallResponse<K>> | Envelope<null>;

/**
 * A route may read its request as a wider type than the registry's, where the server accepts more than the console
 * sends (optional fields, a second encoding); it must still accept every request of the registry's type.
 */
type Accepting<K extends CallName, Request> = CallRequest<K> extends Request ? unknown : { readonly narrowerThanTheCall: never };

type CallRouteOptions = Omit<RouteShorthandOptions, 'config'> & { readonly config: NonNullable<RouteShorthandOptions['config']> };

type CallHandler<K extends CallName, Request> = (request: FastifyRequest<CallRouteGeneric<K, Request>>, reply: FastifyReply) => Promise<CallAnswer<K>>;

/** Adds the route of call `name` to `app` (a plugin under the call's root); `options` say its access and schema. */
export function callRoute<K extends CallName, Request = CallRequest<K>>(
  app: FastifyInstance,
  name: K,
  options: CallRouteOptions & Accepting<K, Request>,
  handler: CallHandler<K, Request>,
): void {
  const { method, path } = CALLS[name];
  const { config, ...rest }: CallRouteOptions = options;
  app.route({
    ...rest,
    method,
    url: path,
    config: { ...config, call: name },
    // What Fastify's route generic asserts, stated once here: the schema in `options` has checked the request's shape.
    handler: (request, reply) => handler(request as FastifyRequest<CallRouteGeneric<K, Request>>, reply),
  });
}
