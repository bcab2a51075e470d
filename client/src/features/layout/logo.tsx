export function Logo() {
  return (
    <svg aria-hidden="true" width="32" height="32" viewBox="0 0 64 64">
      <rect width="64" height="64" rx="14" fill="var(--accent)" />
      <path
        d="M18 22h28a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V26a4 4 0 0 1 4-4z"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
      />
      <circle cx="24" cy="33" r="3" fill="#fff" />
      <path d="M36 30h8M36 36h6" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
