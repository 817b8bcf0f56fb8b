/** The back office's first admin, made by the server at start-up (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@promptmarket.test', password: 'an admin password for tests' } as const;
