/** Reading every match of a compound search (for sorting a table or offering names), 100 records per request. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '../../../shared/client.ts';
import type { CompoundRecord } from '../../../shared/schemas/compounds.ts';
import { api } from '../api.ts';

/** Sorting and suggestion lists need the whole catalogue (about 750 compounds); read at most this many. */
export const MAX_ROWS = 2000;

export type CompoundQuery = Omit<EndpointInput<'compoundSearch'>['body'], 'limit' | 'offset'>;

export function useAllCompounds(body: CompoundQuery, enabled = true) {
  return useQuery({
    queryKey: ['compoundSearch:all', body],
    placeholderData: keepPreviousData,
    enabled,
    queryFn: async ({ signal }) => {
      const rows: CompoundRecord[] = [];
      let total = 0;
      for (let offset = 0; offset < MAX_ROWS; offset += 100) {
        const page = await api.call('compoundSearch', { body: { ...body, limit: 100, offset } }, signal);
        rows.push(...page.data);
        total = page.meta.total;
        if (!page.meta.has_more) break;
      }
      return { rows, total };
    },
  });
}

/** Every compound (name, slug, subcategory…), for suggestion lists; shares its cache with the Compounds screen. */
export const useCompoundIndex = () =>
  useAllCompounds({ query: '*', include_interactions: false, include_dosing: false });
