import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from '../components/ui/toast.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { AppRoutes } from './router.tsx';

export function Providers() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {/* Without transitions a page whose code is still downloading shows a spinner at once. */}
        <BrowserRouter useTransitions={false}>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
