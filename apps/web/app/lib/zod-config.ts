import { z } from 'zod';

// In the browser zod must not probe for `new Function`: the Content-Security-Policy forbids
// eval, and the probe alone is reported as a violation. The server keeps the faster checks.
// Imported first by root.tsx, before any module builds a schema (the probe runs then).
if (typeof document !== 'undefined') z.config({ jitless: true });
