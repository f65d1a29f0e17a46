export function Loading() {
  return (
    <div className="loading" role="progressbar" aria-label="Loading">
      <span className="spinner" />
    </div>
  );
}
