import { Button } from '#web/components/ui/button.tsx';
import { useStoreConfig } from '#web/lib/store-config.ts';
import { useGoogleSignIn } from '../api/auth-mutations.ts';
import { AuthError } from './auth-error.tsx';

/** Shown only when the store has Google sign-in configured (GET /api/config). */
export function GoogleSignIn({ returnTo }: { returnTo: string }) {
  const config = useStoreConfig();
  const google = useGoogleSignIn();
  if (!config?.signIn.google) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-stone-600 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" /> or{' '}
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <Button
        variant="outline"
        className="w-full"
        isPending={google.isPending}
        onClick={() => google.mutate(returnTo)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z"
          />
          <path
            fill="#FBBC05"
            d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z"
          />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z"
          />
        </svg>
        Continue with Google
      </Button>
      <AuthError error={google.error} />
    </div>
  );
}
