/** The production settings README.md's "Going live" section lists. */
export const goingLiveEnv = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp',
  PUBLIC_URL: 'https://shop.example.com',
  SESSION_SECRET: 'a-long-random-secret-of-at-least-32-characters',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SMTP_URL: 'smtps://apikey:secret@smtp.example.com:465',
  SELLER_NAME: 'Anvil Trading Ltd',
  SELLER_ADDRESS: '1 Forge Lane\\nSheffield S1 2AB',
  SELLER_TAX_ID: 'GB123456789',
};
