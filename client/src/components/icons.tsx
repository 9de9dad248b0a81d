import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  arrowRightShape,
  bellShape,
  boltShape,
  bookShape,
  checkCircleShape,
  checkShape,
  circleShape,
  clockShape,
  closeShape,
  databaseShape,
  eyeOffShape,
  eyeShape,
  footprintShape,
  globeShape,
  heartShape,
  imageShape,
  lockShape,
  mapPinShape,
  menuShape,
  messageShape,
  moonShape,
  searchShape,
  shieldCheckShape,
  shieldShape,
  signOutShape,
  sunShape,
  userShape,
  usersShape,
  StrokeSvg,
} from './icon-shapes';

/**
 * Small inline SVG icons as Chakra components (no icon library, nothing loaded from elsewhere);
 * their shapes are in icon-shapes.tsx. They are decorative: give the surrounding control its
 * accessible name, never the icon.
 */
function stroke(shape: ReactNode, displayName: string) {
  function StrokeIcon(props: IconProps) {
    return (
      <Icon aria-hidden="true" focusable="false" boxSize="1em" {...props} asChild>
        <StrokeSvg shape={shape} />
      </Icon>
    );
  }
  StrokeIcon.displayName = displayName;
  return StrokeIcon;
}

export const ShieldIcon = stroke(shieldShape, 'ShieldIcon');

export const ShieldCheckIcon = stroke(shieldCheckShape, 'ShieldCheckIcon');

export const FootprintIcon = stroke(footprintShape, 'FootprintIcon');

export const UserIcon = stroke(userShape, 'UserIcon');

export const SignOutIcon = stroke(signOutShape, 'SignOutIcon');

export const MenuIcon = stroke(menuShape, 'MenuIcon');

export const CloseIcon = stroke(closeShape, 'CloseIcon');

export const CheckIcon = stroke(checkShape, 'CheckIcon');

export const CircleIcon = stroke(circleShape, 'CircleIcon');

export const CheckCircleIcon = stroke(checkCircleShape, 'CheckCircleIcon');

export const EyeIcon = stroke(eyeShape, 'EyeIcon');

export const EyeOffIcon = stroke(eyeOffShape, 'EyeOffIcon');

export const DatabaseIcon = stroke(databaseShape, 'DatabaseIcon');

export const MessageIcon = stroke(messageShape, 'MessageIcon');

export const MapPinIcon = stroke(mapPinShape, 'MapPinIcon');

export const ImageIcon = stroke(imageShape, 'ImageIcon');

export const UsersIcon = stroke(usersShape, 'UsersIcon');

export const SearchIcon = stroke(searchShape, 'SearchIcon');

export const LockIcon = stroke(lockShape, 'LockIcon');

export const ClockIcon = stroke(clockShape, 'ClockIcon');

export const BoltIcon = stroke(boltShape, 'BoltIcon');

export const HeartIcon = stroke(heartShape, 'HeartIcon');

export const BookIcon = stroke(bookShape, 'BookIcon');

export const BellIcon = stroke(bellShape, 'BellIcon');

export const ArrowRightIcon = stroke(arrowRightShape, 'ArrowRightIcon');

export const GlobeIcon = stroke(globeShape, 'GlobeIcon');

/** Google's four-colour "G", drawn here (not fetched) for the Google sign-in buttons. */
export function GoogleIcon(props: IconProps) {
  return (
    <Icon aria-hidden="true" focusable="false" boxSize="1em" {...props} asChild>
      <svg viewBox="0 0 48 48">
        <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.6 13.3l7.9 6.1C12.4 13.7 17.7 9.5 24 9.5z" />
        <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
        <path fill="#FBBC05" d="M10.5 28.6A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.1.8-4.6l-7.9-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6.1z" />
        <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
      </svg>
    </Icon>
  );
}

export const SunIcon = stroke(sunShape, 'SunIcon');

export const MoonIcon = stroke(moonShape, 'MoonIcon');
