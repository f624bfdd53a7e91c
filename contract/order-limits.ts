/**
 * How large one order may be, kept free of zod so that pages (the cart in the browser) can import
 * these without loading schema code.
 */

/** The most units of one tool in one order line. */
export const MAX_ORDER_UNITS = 1_000_000;

/** The most lines one order (and so one cart) may have. */
export const MAX_ORDER_LINES = 50;
