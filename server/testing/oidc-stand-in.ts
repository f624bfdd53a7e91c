import http from 'node:http';
import Provider from 'oidc-provider';

export interface StandInAccount {
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, standing in for Google in
 * tests. Its development login page accepts any login and password; the login typed there picks
 * the account from `accounts` (by email), so a test decides who signs in and whether Google would
 * call the email verified.
 */
export async function startOidcStandIn(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: StandInAccount[];
  port?: number;
}) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    pkce: { required: () => false },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const account = options.accounts.find((a) => a.email === sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.name,
            picture: account.picture,
          };
        },
      };
    },
  });
  // Plain http on loopback is fine for a test stand-in.
  provider.proxy = true;
  server.on('request', provider.callback());

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
