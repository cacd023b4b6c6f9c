import type { ApiClient } from '@grandstand/api-client';
import { createContext, useContext } from 'react';

/** The transport, for the few shell actions that talk to it directly (reload, language choice). */
export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientContext provider');
  return client;
}

/** The viewer's own language choice, kept beside the keys under the product prefix. */
export const LANGUAGE_STORAGE_KEY = 'language';
