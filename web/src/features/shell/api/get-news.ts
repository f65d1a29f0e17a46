import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type NewsItem = Schema<'NewsItem'>;

export function getNews(): Promise<NewsItem[]> {
  return api.get('/api/platform/news');
}

export function useNews() {
  return useQuery({ queryKey: ['news'], queryFn: getNews, staleTime: 5 * 60_000 });
}
