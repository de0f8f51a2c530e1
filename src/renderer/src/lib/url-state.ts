/** Screen state lives in the address (?q=…&page=…), so back/forward, reloads and links keep it. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  const getList = useCallback((key: string) => (params.get(key) ?? '').split(',').filter(Boolean), [params]);
  /** Set (or clear, with '' / [] / null) some keys; any change other than `page` goes back to page 1. */
  const set = useCallback(
    (changes: Record<string, string | string[] | null>, opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            const value = Array.isArray(v) ? v.join(',') : v;
            if (value) next.set(k, value);
            else next.delete(k);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: opts.replace ?? false },
      );
    },
    [setParams],
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { params, get, getList, set, page };
}

export function pick<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function pickList<T extends string>(values: string[], allowed: readonly T[]): T[] {
  return values.filter((v): v is T => (allowed as readonly string[]).includes(v));
}
