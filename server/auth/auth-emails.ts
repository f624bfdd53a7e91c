import { formatDateTime } from '#contract/dates.ts';
import { type MailContent, renderMail } from '../mail/templates.ts';

/**
 * Account emails. Whoever asks for one chooses the address it goes to, so mail to an address not
 * yet verified carries no text the requester chose (no name): it cannot be turned into phishing
 * sent in our name.
 */

/** "Hello Ada," for a verified account's own name; "Hello," otherwise. */
function greeting(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,';
}

/** The time a sign-up was made, as people read it in an email: "Nov 27, 2026, 2:03 PM UTC". */
const signUpTime = (at: Date) => formatDateTime(at, 'UTC');

/**
 * The link of one sign-up: it proves the mailbox, and confirms the sign-up whose password is typed
 * on its page (each sign-up for an address gets its own email: decision 030).
 */
export function verificationEmail(storeName: string, url: string, signedUpAt: Date): MailContent {
  return renderMail({
    storeName,
    subject: `Confirm your email for ${storeName}`,
    greeting: greeting(null),
    paragraphs: [
      `Someone signed up with ${storeName} using this email address on ${signUpTime(signedUpAt)}. If it was you, please confirm that the address is yours.`,
      'To confirm it, follow the link and type the password you chose when you signed up: you are then signed in and can place orders.',
    ],
    action: { label: 'Confirm my email', url },
    footnote:
      'The link works for 24 hours. If you did not sign up at that time, ignore this email: no account uses your address until it is confirmed.',
  });
}

export function passwordResetEmail(
  storeName: string,
  name: string | null,
  url: string,
): MailContent {
  return renderMail({
    storeName,
    subject: `Reset your ${storeName} password`,
    greeting: greeting(name),
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new password with the link below.',
    ],
    action: { label: 'Choose a new password', url },
    footnote:
      'The link works for one hour. Resetting signs you out everywhere else. If you did not ask for this, ignore this email: your password stays as it is.',
  });
}

/** Sent instead of a second account when someone signs up with an address that has one. */
export function existingAccountEmail(
  storeName: string,
  name: string | null,
  links: { signIn: string; resetPassword: string },
): MailContent {
  return renderMail({
    storeName,
    subject: `You already have a ${storeName} account`,
    greeting: greeting(name),
    paragraphs: [
      `Someone tried to create a ${storeName} account with this email address, which already has one. No second account was made.`,
      `If it was you, sign in at ${links.signIn}. If you forgot your password, choose a new one with the link below.`,
    ],
    action: { label: 'Choose a new password', url: links.resetPassword },
    footnote: 'If it was not you, ignore this email: nothing changed in your account.',
  });
}
