import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API endpoint: its method, path (Fastify's `:name` parameters) and the shapes of what it
 * takes and answers. The API registers its route from it, the web calls it through it and the
 * tests read it: the path and the shapes are written once.
 */
export type Endpoint = {
  readonly method: HttpMethod;
  readonly path: string;
  /** The one line the OpenAPI document shows for the route. */
  readonly summary: string;
  readonly params?: z.ZodType;
  /** Request headers the endpoint reads (a retry key). */
  readonly headers?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Content types of a body that is not JSON (`multipart/form-data` for an upload). */
  readonly consumes?: readonly string[];
  /**
   * The JSON answer on success. Absent where the answer is not JSON (a file, a zip): the route
   * declares that answer itself.
   */
  readonly response?: z.ZodType;
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): Readonly<E> {
  return Object.freeze(endpoint);
}

/** An endpoint's path with its `:name` parameters filled in and encoded. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
