interface Props {
  userId: string | null;
  userNo: string | undefined;
  username: string;
  role: string | undefined;
  onLogout: () => void;
}

export function SettingsPage({ userId, userNo, username, role, onLogout }: Props) {
  return (
    <div className="page">
      <h1 className="page-title">Settings</h1>
      <dl className="card kv">
        <dt>Account ID</dt>
        <dd data-testid="settings-account-id">{userId ?? 'N/A'}</dd>
        <dt>User number</dt>
        <dd>{userNo || 'N/A'}</dd>
        <dt>Username</dt>
        <dd>{username}</dd>
        <dt>Role</dt>
        <dd>{role ?? 'player'}</dd>
      </dl>
      <p className="muted">To change your password, log out and use “Forgot Password?” with a one-time code.</p>
      <button type="button" className="btn btn-outline btn-block" onClick={onLogout}>
        Logout
      </button>
    </div>
  );
}
