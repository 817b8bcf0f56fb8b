import { randomFillSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh random value per request; inline scripts the page renders carry it. */
    cspNonce: string;
  }
}

export type SecurityHeadersOptions = {
  /** The public address; HSTS is only sent when it is https. */
  appUrl: string;
  /** Development serves the app through Vite, whose HMR client needs inline scripts and a websocket. */
  development: boolean;
};

/** The Content-Security-Policy for one response. */
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", `'nonce-${nonce}'`],
    // Stylesheets come from our own origin. The only <style> elements are the ones dialogs and
    // menus add while they lock page scroll, and they carry the page's nonce
    // (apps/web/app/components/ui/style-nonce.ts). Style attributes stay allowed because UI
    // components position elements with them.
    'style-src': development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': development ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Random bytes drawn a block at a time: a system call for each request's nonce cost more than the rest of a small answer's headers. */
const NONCE_BYTES = 16;
const nonceBlock = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = nonceBlock.length;

/** 128 random bits, base64: each taken from the block once, the block filled again when used up. */
export function freshNonce(): string {
  if (nonceAt === nonceBlock.length) {
    randomFillSync(nonceBlock);
    nonceAt = 0;
  }
  const nonce = nonceBlock.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/**
 * Security headers on every response: API, media, pages and static files. The nonce is
 * created before routing so the server-rendered page can put it on its inline scripts.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const hsts = options.appUrl.startsWith('https://');
    app.decorateRequest('cspNonce', '');
    // The policy is the same but for the nonce: its text around the nonce is made once.
    const policyParts = contentSecurityPolicy('\u0000', options.development).split('\u0000');
    app.addHook('onRequest', async (request, reply) => {
      request.cspNonce = freshNonce();
      reply.header('content-security-policy', policyParts.join(request.cspNonce));
      reply.header('x-frame-options', 'DENY');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers' },
);
