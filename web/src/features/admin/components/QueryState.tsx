import { ApiError, errorMessage } from '@/lib/api-client';

/** Loading and error lines for a query; a missing endpoint says so plainly. */
export function QueryState({ isPending, error, what }: { isPending: boolean; error: unknown; what: string }) {
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <p className="form-error" role="alert">
        {missing ? `${what}: not available on this server yet.` : errorMessage(error, `Could not load ${what.toLowerCase()}.`)}
      </p>
    );
  }
  if (isPending) return <p className="muted">Loading {what.toLowerCase()}…</p>;
  return null;
}

export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn-small btn-outline load-more" disabled={loading} onClick={onMore}>
      {loading ? 'Loading…' : 'Load more'}
    </button>
  );
}
