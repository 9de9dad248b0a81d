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

export const SunIcon = stroke(sunShape, 'SunIcon');

export const MoonIcon = stroke(moonShape, 'MoonIcon');
