import type { ReactNode } from 'react';

/** The few line icons the site uses (24-unit viewBox, stroke in currentColor), hidden from assistive technology. */
const paths = {
  share: 'M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13',
  play: 'M7 4.5v15l12-7.5z',
  eye: 'M1.5 12S5.5 4.5 12 4.5 22.5 12 22.5 12 18.5 19.5 12 19.5 1.5 12 1.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  edit: 'M12 20h9M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z',
  back: 'M19 12H5M12 19l-7-7 7-7',
  external: 'M18 13v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h6M15 3h6v6M10 14 21 3',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  arrowDown: 'M12 5v14M19 12l-7 7-7-7',
} as const;

export type IconName = keyof typeof paths;

/** The frame every line icon is drawn in (the site's and the editor toolbar's). */
export function SvgIcon({ children, size = 18, className }: { children: ReactNode; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <SvgIcon className="icon" size={size}>
      <path d={paths[name]} />
    </SvgIcon>
  );
}
