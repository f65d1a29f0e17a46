import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface NewsItem {
  content: string;
}

export function getNews(): Promise<NewsItem[]> {
  return api.get<NewsItem[]>('/api/platform/news');
}

export function useNews() {
  return useQuery({ queryKey: ['news'], queryFn: getNews, staleTime: 5 * 60_000 });
}
