import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { languages } from '../site/site.tables';

/** ISO 3166-1 countries; their names come from the language of the request. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  iso: text('iso').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});

export const staticPages = pgTable('static_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  isTerms: boolean('is_terms').notNull().default(false),
  isPrivacy: boolean('is_privacy').notNull().default(false),
  isCookie: boolean('is_cookie').notNull().default(false),
  isPublished: boolean('is_published').notNull().default(true),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const staticPageTranslations = pgTable(
  'static_page_translations',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => staticPages.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => languages.code, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Plain text: paragraphs separated by blank lines, "## " starts a subheading. Never HTML. */
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.pageId, table.locale] })],
);

export const socialLinks = pgTable('social_links', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * The newsletter's addresses. Only a confirmed one is subscribed: the newsletter, the back office's
 * list and its export take those alone. Unsubscribing deletes the row.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the address confirmed with the mailed link (double opt-in); null: not subscribed yet. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the last confirmation mail went out: another goes at most every 15 minutes. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_unique').on(sql`lower(${table.email})`)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the sender calls themselves (decision 0054: the form asks no address nor phone). */
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    /** Empty for a message sent in the original form's shape, which had none. */
    subject: text('subject').notNull().default(''),

    message: text('message').notNull().default(''),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the back office marked it handled (null: open), and who did. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the back office hid it from the list (spam, duplicates), and who did. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** The back office's answers to a contact message, mailed to its sender and kept in its thread. */
export const contactMessageReplies = pgTable(
  'contact_message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The language the mail went out in: the visitor's. */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_message_replies_message_idx').on(table.messageId, table.createdAt)],
);
