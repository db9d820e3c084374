/** The product logo (the same drawing as the favicon), tinted with the theme colour. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="app-logo">
      <rect width="64" height="64" rx="14" fill="var(--app-primary, #1677ff)" />
      <path
        d="M18 22h28a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H30l-9 7v-7h-3a4 4 0 0 1-4-4V26a4 4 0 0 1 4-4z"
        fill="#fff"
      />
      <circle cx="25" cy="33" r="2.6" fill="var(--app-primary, #1677ff)" />
      <circle cx="32" cy="33" r="2.6" fill="var(--app-primary, #1677ff)" />
      <circle cx="39" cy="33" r="2.6" fill="var(--app-primary, #1677ff)" />
    </svg>
  );
}
