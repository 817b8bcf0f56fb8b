/** Constants of spec section 9 that the layout uses. */

/** The back-to-top button appears past this much scrolling. */
export const BACK_TO_TOP_THRESHOLD = 300;

/** Top-level categories listed under Explore in the footer. */
export const FOOTER_CATEGORIES = 6;

/** How long a newsletter success or error message stays. */
export const NEWSLETTER_MESSAGE_MS = 2000;
