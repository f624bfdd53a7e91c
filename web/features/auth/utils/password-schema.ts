import { z } from 'zod';

export const ConfirmPasswordSchema = z.string().min(1, { error: 'Type your password again.' });

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
