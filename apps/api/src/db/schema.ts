// Every module's tables, for Drizzle's relational queries and for drizzle-kit's migrations.
export * from '../modules/accounts/accounts.tables';
export * from '../modules/admin/admin.tables';
export * from '../modules/catalogue/catalogue.tables';
export * from '../modules/content/content.tables';
export * from '../modules/deposits/deposits.tables';
export * from '../modules/generation/generation.tables';
export * from '../modules/jobs/jobs.tables';
export * from '../modules/mail/mail.tables';
export * from '../modules/offers/offers.tables';
export * from '../modules/orders/orders.tables';
export * from '../modules/payments/sandbox.tables';
export * from '../modules/session/session.tables';
export * from '../modules/site/site.tables';
export * from '../modules/throttle/throttle.tables';
export * from '../modules/verification/verification.tables';
export * from '../modules/wallet/wallet.tables';
