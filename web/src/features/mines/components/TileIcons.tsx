/** The gem and the mine, drawn (no emoji font needed). */
export function Gem() {
  return (
    <svg viewBox="0 0 32 32" className="mn-icon" aria-hidden focusable="false">
      <path d="M9 5h14l6 8-13 15L3 13z" fill="#1fd17a" />
      <path d="M3 13h26L16 28z" fill="#12a85d" />
      <path
        d="M9 5l3 8h8l3-8M12 13l4 15 4-15"
        fill="none"
        stroke="#b8ffd9"
        strokeWidth="1.2"
        strokeLinejoin="round"
        opacity=".8"
      />
    </svg>
  );
}

export function Mine() {
  return (
    <svg viewBox="0 0 32 32" className="mn-icon" aria-hidden focusable="false">
      <g stroke="#2a0a12" strokeWidth="3" strokeLinecap="round">
        <path d="M16 3v5M16 24v5M3 16h5M24 16h5M6.8 6.8l3.5 3.5M21.7 21.7l3.5 3.5M6.8 25.2l3.5-3.5M21.7 10.3l3.5-3.5" />
      </g>
      <circle cx="16" cy="16" r="9" fill="#2a0a12" />
      <circle cx="12.5" cy="12.5" r="2.6" fill="#ff6b81" />
    </svg>
  );
}
