// The security headers every answer carries: the console's content policy, no framing, no sniffing, a cautious referrer.
import type { FastifyInstance } from 'fastify';

/**
 * The console loads only its own scripts, workers and sockets (`'self'` covers ws:/wss: of the same host). Styles may be
 * inline: React's style props and the grid and map libraries set them; scripts may not. Images may also come from the
 * map's tile server, when one is configured (`imageSources`). Video plays from the site itself: hls.js feeds the page's
 * <video> a `blob:` URL of its MediaSource.
 */
const contentSecurityPolicy = (imageSources: readonly string[]) => [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  ["img-src 'self' data: blob:", ...imageSources].join(' '),
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(imageSources: readonly string[] = []): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(imageSources),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Map tile servers ask for an origin; paths and queries (filters, plates) never leave the site.
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

/** The headers of a server without a tile server (and of answers given before the app knows its settings). */
export const SECURITY_HEADERS = securityHeaders();

/** Sets the headers as each request arrives, so errors, files and not-found answers carry them too. */
export function installSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>> = SECURITY_HEADERS): void {
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });
}
