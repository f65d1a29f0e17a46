import { Link } from 'react-router';

export default function ComingSoonRoute() {
  return (
    <div className="page coming-soon">
      <h1 className="page-title">Coming soon</h1>
      <p className="muted">This game is not available yet. Try Aviator meanwhile.</p>
      <Link to="/casino/aviator" className="btn btn-primary">
        Play Aviator
      </Link>
    </div>
  );
}
