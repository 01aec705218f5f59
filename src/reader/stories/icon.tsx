/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */

/** The few line icons reader pages draw (24-unit viewBox, stroke in currentColor), hidden from assistive technology. */
const PATHS = {
  play: 'M7 4.5v15l12-7.5z',
  external: 'M18 13v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h6M15 3h6v6M10 14 21 3',
} as const;

export function Icon({ name, size = 18 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg
      class="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]}></path>
    </svg>
  );
}
