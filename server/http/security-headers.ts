// The security headers every answer carries: the console's content policy, no framing, no sniffing, a cautious referrer.
import type { FastifyInstance } from 'fastify';

/**
 * The console loads only its own scripts, workers and sockets (`'self'` covers ws:/wss: of the same host). Styles may be
 * inline: React's style props and the grid and map libraries set them; scripts may not.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Map tile servers ask for an origin; paths and queries (filters, plates) never leave the site.
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Sets the headers as each request arrives, so errors, files and not-found answers carry them too. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(SECURITY_HEADERS);
  });
}
