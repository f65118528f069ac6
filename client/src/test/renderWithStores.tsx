import type { ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { appStore } from '../shared/store';

/** A fresh react-query cache that reports a failed read at once instead of retrying it. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

export interface StoresOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The app's store by default: components and the API helpers read `appStore` itself. */
  store?: typeof appStore;
  queryClient?: QueryClient;
}

/**
 * Renders as main.tsx does: inside the react-query client and the jotai store (rerender keeps
 * both). Each call gets a new query client unless one is given, so no answer leaks between tests.
 */
export function renderWithStores(ui: ReactNode, { store = appStore, queryClient = testQueryClient(), ...options }: StoresOptions = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  );
  return { ...render(ui, { ...options, wrapper }), store, queryClient };
}
