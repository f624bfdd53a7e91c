import { z } from 'zod';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

/** A new password, with the account service's own length rules. */
export const NewPasswordSchema = z
  .string()
  .min(MIN_PASSWORD, { error: `Use at least ${MIN_PASSWORD} characters.` })
  .max(MAX_PASSWORD, { error: `Use at most ${MAX_PASSWORD} characters.` });

export const ConfirmPasswordSchema = z.string().min(1, { error: 'Type your password again.' });

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
