import type { ReactNode } from 'react';

/** Decorative: every button that shows one carries its own accessible name. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const PlayIcon = () => <Icon><path d="M8 5v14l11-7z" /></Icon>;
export const PauseIcon = () => <Icon><path d="M6 5h4v14H6zm8 0h4v14h-4z" /></Icon>;
export const VolumeIcon = () => (
  <Icon>
    <path d="M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />
  </Icon>
);
export const MutedIcon = () => (
  <Icon>
    <path d="M3 9v6h4l5 5V4L7 9H3zm18.6 6.2-1.4 1.4-2.7-2.7-2.7 2.7-1.4-1.4 2.7-2.7-2.7-2.7 1.4-1.4 2.7 2.7 2.7-2.7 1.4 1.4-2.7 2.7z" />
  </Icon>
);
export const FullscreenIcon = () => <Icon><path d="M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z" /></Icon>;
export const ExitFullscreenIcon = () => <Icon><path d="M5 16h3v3h2v-5H5v2zm3-8H5v2h5V5H8v3zm6 11h2v-3h3v-2h-5v5zm2-11V5h-2v5h5V8h-3z" /></Icon>;
