import { useProfile } from '../api/get-profile';

export function ProfilePage({ userId }: { userId: string | null }) {
  const { data, isLoading } = useProfile(userId);
  return (
    <div className="page">
      <h1 className="page-title">Profile</h1>
      {isLoading ? <p className="muted">Loading...</p> : null}
      <form className="form card" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="pf-name">Name</label>
          <input id="pf-name" readOnly value={data?.name ?? data?.username ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="pf-email">Email</label>
          <input id="pf-email" readOnly value={data?.email ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="pf-mobile">Mobile</label>
          <input id="pf-mobile" readOnly value={data?.phone || 'NA'} />
        </div>
      </form>
    </div>
  );
}
