import { SvgIcon as Icon } from '../../../ui/icons.tsx';

/** Line icons for the editor toolbar (24x24, stroked); decorative: each button carries its own name. */
export const icons = {
  previewBreak: (
    <Icon>
      <path d="M3 12h4M10 12h4M17 12h4M8 5h8M8 19h8" />
    </Icon>
  ),
  bold: (
    <Icon>
      <path d="M6 4h8a4 4 0 0 1 0 8H6z" />
      <path d="M6 12h9a4 4 0 0 1 0 8H6z" />
    </Icon>
  ),
  italic: (
    <Icon>
      <path d="M19 4h-9M14 20H5M15 4 9 20" />
    </Icon>
  ),
  underline: (
    <Icon>
      <path d="M6 4v6a6 6 0 0 0 12 0V4M4 20h16" />
    </Icon>
  ),
  heading: (
    <Icon>
      <path d="M5 5v14M14 5v14M5 12h9M18 19v-7l-2 1.5" />
    </Icon>
  ),
  subheading: (
    <Icon>
      <path d="M5 7v11M13 7v11M5 12.5h8M16.5 11.5a2 2 0 1 1 3 1.7L16.5 18h4" />
    </Icon>
  ),
  quote: (
    <Icon>
      <path d="M7 7h4v5c0 2.5-1.5 4-4 5M15 7h4v5c0 2.5-1.5 4-4 5" />
    </Icon>
  ),
  picture: (
    <Icon>
      <path d="M4 5h16v14H4z" />
      <path d="m4 16 5-5 4 4 3-3 4 4" />
      <path d="M15 9h.01" />
    </Icon>
  ),
  alignLeft: (
    <Icon>
      <path d="M21 6H3M15 12H3M17 18H3" />
    </Icon>
  ),
  alignCenter: (
    <Icon>
      <path d="M21 6H3M17 12H7M19 18H5" />
    </Icon>
  ),
  alignRight: (
    <Icon>
      <path d="M21 6H3M21 12H9M21 18H7" />
    </Icon>
  ),
  alignJustify: (
    <Icon>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </Icon>
  ),
  bulletList: (
    <Icon>
      <path d="M8 6h13M8 12h13M8 18h13" />
      <circle cx="3.5" cy="6" r="1" />
      <circle cx="3.5" cy="12" r="1" />
      <circle cx="3.5" cy="18" r="1" />
    </Icon>
  ),
  orderedList: (
    <Icon>
      <path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
    </Icon>
  ),
  link: (
    <Icon>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </Icon>
  ),
  youtube: (
    <Icon>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </Icon>
  ),
  undo: (
    <Icon>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </Icon>
  ),
  redo: (
    <Icon>
      <path d="m15 14 5-5-5-5" />
      <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
    </Icon>
  ),
  colour: (
    <Icon>
      <path d="m5 18 5-13h4l5 13M7.5 13h9" />
    </Icon>
  ),
};
