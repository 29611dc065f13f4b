import type { ReactNode, SVGProps } from 'react';

/**
 * Small stroke icons drawn for QRCraft (no icon package is installed). Decorative: always aria-hidden;
 * the control that holds an icon carries the accessible name.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

function makeIcon(displayName: string, body: ReactNode, fill = false) {
  function SiteIcon({ size = '1em', ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={fill ? 'currentColor' : 'none'}
        stroke={fill ? 'none' : 'currentColor'}
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {body}
      </svg>
    );
  }
  SiteIcon.displayName = displayName;
  return SiteIcon;
}

export const QrLogoIcon = makeIcon(
  'QrLogoIcon',
  <>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </>,
);
export const ChevronDownIcon = makeIcon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);
export const MenuIcon = makeIcon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
export const ArrowLeftIcon = makeIcon('ArrowLeftIcon', <path d="M19 12H5M12 19l-7-7 7-7" />);
export const PlusIcon = makeIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const CheckIcon = makeIcon('CheckIcon', <path d="M20 6 9 17l-5-5" />);
export const StarIcon = makeIcon(
  'StarIcon',
  <path d="M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z" />,
  true,
);
export const DownloadIcon = makeIcon('DownloadIcon', <path d="M12 3v12M7 10l5 5 5-5M4 21h16" />);
export const EditIcon = makeIcon('EditIcon', <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />);
export const ChartIcon = makeIcon('ChartIcon', <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />);
export const TrendIcon = makeIcon('TrendIcon', <path d="m3 17 6-6 4 4 8-8M15 7h6v6" />);
export const LayersIcon = makeIcon('LayersIcon', <path d="m12 2 10 5-10 5L2 7zM2 12l10 5 10-5M2 17l10 5 10-5" />);
export const RefreshIcon = makeIcon('RefreshIcon', <path d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5" />);
export const PaletteIcon = makeIcon(
  'PaletteIcon',
  <>
    <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.5-.8 1.5-1.5 0-.9-.8-1.3-.8-2.2 0-.9.7-1.5 1.6-1.5H16a5 5 0 0 0 5-5c0-4.2-4-7.8-9-7.8z" />
    <circle cx="7.5" cy="11" r="1" />
    <circle cx="10" cy="7" r="1" />
    <circle cx="15" cy="7.5" r="1" />
  </>,
);
export const FileIcon = makeIcon(
  'FileIcon',
  <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8zM14 3v5h5M9 14l3 3 3-3M12 10v7" />,
);
export const ShieldIcon = makeIcon('ShieldIcon', <path d="M12 3 4 6v6c0 5 3.4 8 8 9 4.6-1 8-4 8-9V6zM9 12l2 2 4-4" />);
export const GridIcon = makeIcon('GridIcon', <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />);
export const ListIcon = makeIcon('ListIcon', <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />);
export const SettingsIcon = makeIcon(
  'SettingsIcon',
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
);
export const CalendarIcon = makeIcon('CalendarIcon', <path d="M4 5h16v16H4zM4 10h16M8 3v4M16 3v4" />);
export const ClockIcon = makeIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const GlobeIcon = makeIcon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const DeviceIcon = makeIcon(
  'DeviceIcon',
  <path d="M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2" />,
);
export const InstagramIcon = makeIcon(
  'InstagramIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);
export const YouTubeIcon = makeIcon(
  'YouTubeIcon',
  <>
    <path d="M22 12c0 3.6-.4 5.3-1 6-.7.7-3.3 1-9 1s-8.3-.3-9-1c-.6-.7-1-2.4-1-6s.4-5.3 1-6c.7-.7 3.3-1 9-1s8.3.3 9 1c.6.7 1 2.4 1 6z" />
    <path d="m10 9 5 3-5 3z" />
  </>,
);
export const LinkedInIcon = makeIcon(
  'LinkedInIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4" />
  </>,
);
