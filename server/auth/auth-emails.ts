import { type MailContent, renderMail } from '../mail/templates.ts';

export function verificationEmail(storeName: string, name: string, url: string): MailContent {
  return renderMail({
    storeName,
    subject: `Confirm your email for ${storeName}`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `Thanks for signing up with ${storeName}. Please confirm that this is your email address.`,
      'Once it is confirmed you can place orders.',
    ],
    action: { label: 'Confirm my email', url },
    footnote: 'The link works for 24 hours. If you did not sign up, you can ignore this email.',
  });
}

export function passwordResetEmail(storeName: string, name: string, url: string): MailContent {
  return renderMail({
    storeName,
    subject: `Reset your ${storeName} password`,
    greeting: `Hello ${name},`,
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new password with the link below.',
    ],
    action: { label: 'Choose a new password', url },
    footnote:
      'The link works for one hour. Resetting signs you out everywhere else. If you did not ask for this, ignore this email: your password stays as it is.',
  });
}
