import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { ApiError, apiRequest, parseBody, send, type RequestOptions } from './client.ts';

/** A page of a list endpoint: the items and the X-Total-Count the API sends with every list. */
export interface Page<T> {
  items: T[];
  total: number;
}

export async function apiList<T>(url: string, options: RequestOptions = {}): Promise<Page<T>> {
  const res = await send('GET', url, undefined, options);
  const items = await parseBody<T[]>(res);
  const total = Number(res.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export type On401 = 'returnNull' | 'throw';

/**
 * The default read of docs/product/api.md#client-conventions: a GET to the first element of the query key.
 * `on401: 'returnNull'` turns "not signed in" into null instead of an error.
 */
export function getQueryFn<T>({ on401 }: { on401: On401 }) {
  return async ({ queryKey, signal }: QueryFunctionContext<QueryKey>): Promise<T | null> => {
    try {
      return await apiRequest<T>('GET', String(queryKey[0]), undefined, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}
