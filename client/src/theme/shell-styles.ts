import { visuallyHiddenStyle } from '@chakra-ui/react';
import type { StaticStyle } from './global-css';

/*
 * The classes of the parts drawn without Chakra's runtime (theme/lazy-chakra.ts says why): the
 * layout, header, footer and ad slot, the skeletons, the error page and the landing page. Each is
 * written as the Chakra component it stands for would be given it (recipe, variants, style props),
 * and the build compiles them with the app's own Chakra system into a static style sheet
 * (`virtual:chakra-shell.css`, client/vite.config.mts), so they look, respond and switch to dark
 * mode exactly as those components do. Build time only: the browser gets the CSS, not this file.
 * Class names are the keys; theme/shell-styles.spec.ts checks that every one is used and every
 * one used is here.
 */

const heading = (size: Record<string, string> | string, css: StaticStyle['css'] = {}): StaticStyle => ({
  recipe: 'heading',
  variants: { size } as unknown as Record<string, string>,
  css,
});
const container = (maxW: string, css: StaticStyle['css'] = {}): StaticStyle => ({ recipe: 'container', css: { maxW, ...css } });
const icon = (boxSize: string, css: StaticStyle['css'] = {}): StaticStyle => ({ recipe: 'icon', css: { boxSize, ...css } });
const skeleton = (css: StaticStyle['css']): StaticStyle => ({ recipe: 'skeleton', css });
/** SimpleGrid's columns. */
const columns = (count: Record<string, number>) =>
  Object.fromEntries(Object.entries(count).map(([at, n]) => [at, `repeat(${n}, minmax(0, 1fr))`]));
const row = { display: 'flex', flexDirection: 'row', alignItems: 'center' } as const;
const column = { display: 'flex', flexDirection: 'column' } as const;
const navLink = (py: string): StaticStyle => ({
  recipe: 'link',
  css: {
    px: '3',
    py,
    rounded: 'md',
    fontWeight: 'medium',
    color: 'fg',
    _hover: { bg: 'bg.muted', textDecoration: 'none' },
    _currentPage: { color: 'blue.fg', fontWeight: 'semibold' },
  },
});
const sectionTitle = heading({ base: '2xl', md: '4xl' }, { textAlign: 'center' });

export const SHELL_STYLES: Record<string, StaticStyle> = {
  // Shared
  'sh-icon': icon('1em'),
  'sh-icon-4': icon('4'),
  'sh-icon-6': icon('6'),
  'sh-icon-10': icon('10'),
  'sh-visually-hidden': { css: visuallyHiddenStyle },
  'sh-truncate': { css: { truncate: true } },
  'sh-code': { recipe: 'code' },

  // Layout
  'sh-layout': { css: column },
  'sh-main': { css: { minH: '100vh', pt: '16' } },

  // Header
  'sh-header': {
    css: {
      position: 'fixed',
      top: '0',
      insetX: '0',
      zIndex: 'sticky',
      bg: 'transparent',
      boxShadow: 'none',
      transition: 'background-color 0.2s, box-shadow 0.2s',
      '&[data-opaque=true]': { bg: 'bg', boxShadow: 'md' },
    },
  },
  'sh-header-bar': container('6xl', { h: '16', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' }),
  'sh-brand': {
    recipe: 'link',
    css: { fontWeight: 'bold', fontSize: 'xl', color: 'fg', textDecoration: 'none', _hover: { textDecoration: 'none' } },
  },
  'sh-brand-icon': icon('7', { color: 'blue.fg' }),
  'sh-nav': { css: { ...row, gap: '1', hideBelow: 'md' } },
  'sh-nav-link': navLink('2'),
  'sh-header-actions': { css: { ...row, gap: '1', hideBelow: 'md', w: { lg: '64' }, justifyContent: 'flex-end', flexShrink: 0 } },
  // IconButton: a ghost Button without padding.
  'sh-icon-button': { recipe: 'button', variants: { variant: 'ghost' }, css: { px: '0', py: '0', _icon: { fontSize: '1.2em' }, color: 'fg' } },
  'sh-chip-skeleton': skeleton({ h: '9', w: '40', rounded: 'full' }),
  'sh-account-chip': {
    recipe: 'link',
    css: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      px: '3',
      py: '1.5',
      rounded: 'full',
      bg: 'blue.subtle',
      color: 'blue.fg',
      borderWidth: '1px',
      borderColor: 'blue.muted',
      fontWeight: 'medium',
      maxW: '40',
      _hover: { bg: 'blue.muted', textDecoration: 'none' },
    },
  },
  'sh-button': { recipe: 'button', css: { colorPalette: 'blue' } },
  'sh-mobile-actions': { css: { ...row, gap: '1', hideFrom: 'md' } },
  'sh-menu': { css: { hideFrom: 'md', bg: 'bg', borderTopWidth: '1px', boxShadow: 'md' } },
  'sh-menu-bar': container('6xl', { py: '3' }),
  'sh-menu-nav': { css: { ...column, gap: '1' } },
  'sh-menu-link': navLink('3'),
  'sh-menu-account': { css: { ...column, gap: '2', pt: '2', borderTopWidth: '1px' } },
  'sh-menu-sign-out': { recipe: 'button', variants: { variant: 'outline' }, css: { justifyContent: 'flex-start' } },
  'sh-menu-button': { recipe: 'button', css: { colorPalette: 'blue', mt: '2' } },

  // Footer
  'sh-footer': { css: { bg: 'gray.900', color: 'gray.200', pt: '12', pb: '8' } },
  'sh-footer-bar': container('6xl'),
  'sh-footer-grid': { css: { display: 'grid', gridTemplateColumns: columns({ base: 1, sm: 2, lg: 5 }), gap: '8' } },
  'sh-footer-brand': { css: { display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'bold', fontSize: 'lg', color: 'white' } },
  'sh-footer-brand-icon': icon('6', { color: 'blue.300' }),
  'sh-footer-tagline': { css: { mt: '3', fontSize: 'sm', color: 'gray.300' } },
  'sh-footer-heading': heading('sm', { fontWeight: 'semibold', color: 'white', textTransform: 'uppercase', letterSpacing: 'wide' }),
  'sh-footer-list': { slotRecipe: ['list', 'root'], css: { listStyleType: 'none', mt: '3', gap: '2', fontSize: 'sm' } },
  'sh-footer-item': { slotRecipe: ['list', 'item'] },
  'sh-footer-link': { recipe: 'link', css: { color: 'gray.100', _hover: { color: 'white' } } },
  'sh-footer-soon': { css: { color: 'gray.300' } },
  'sh-footer-soon-note': { css: { fontSize: 'xs', color: 'gray.400' } },
  'sh-footer-copy': { css: { mt: '10', pt: '6', borderTopWidth: '1px', borderColor: 'gray.700', fontSize: 'sm', color: 'gray.300' } },

  // AdSlot
  'sh-ad': { css: { bg: 'blue.subtle', borderTopWidth: '1px', borderColor: 'blue.muted' } },
  'sh-ad-bar': container('6xl', { py: '4' }),
  'sh-ad-text': { css: { fontSize: 'sm', color: 'fg', textAlign: 'center' } },
  'sh-ad-link': { recipe: 'link', variants: { variant: 'underline' }, css: { color: 'blue.fg', fontWeight: 'semibold' } },

  // PageSkeleton (Skeleton and SkeletonText's parts)
  'sh-page-skeleton': container('6xl', { py: { base: '10', md: '14' } }),
  'sh-page-skeleton-stack': { css: { ...column, gap: '6' } },
  'sh-skeleton-title': skeleton({ height: '10', width: { base: '70%', md: '40%' } }),
  'sh-skeleton-lines': { css: { ...column, gap: '0.5rem', width: 'full' } },
  'sh-skeleton-line': skeleton({ height: '4', maxW: '100%' }),
  'sh-skeleton-line-last': skeleton({ height: '4', maxW: '80%' }),
  'sh-skeleton-block': skeleton({ height: '48' }),

  // RouteErrorBoundary
  'sh-error': container('2xl', { py: { base: '16', md: '24' }, textAlign: 'center' }),
  'sh-error-title': heading({ base: '2xl', md: '3xl' }),
  'sh-error-text': { css: { mt: '4', color: 'fg.muted' } },
  'sh-error-button': { recipe: 'button', css: { colorPalette: 'blue', mt: '8' } },
  'sh-error-note': { css: { mt: '6', fontSize: 'sm', color: 'fg.muted' } },

  // IconCard
  'sh-card': { slotRecipe: ['card', 'root'], variants: { variant: 'outline' }, css: { bg: 'bg.panel' } },
  'sh-card-body': { slotRecipe: ['card', 'body'], variants: { variant: 'outline' }, css: { gap: '3' } },
  'sh-card-icon': {
    css: { display: 'flex', boxSize: '12', alignItems: 'center', justifyContent: 'center', rounded: 'lg', bg: 'blue.subtle', color: 'blue.fg' },
  },
  'sh-card-title': heading('lg'),
  'sh-card-text': { css: { color: 'fg.muted' } },

  // StatsBand
  'sh-stats': { css: { py: { base: '12', md: '16' }, bg: 'blue.800', color: 'white' } },
  'sh-stats-bar': container('6xl'),
  'sh-stats-title': heading({ base: 'xl', md: '2xl' }, { textAlign: 'center', color: 'white' }),
  'sh-stats-grid': { css: { display: 'grid', gridTemplateColumns: columns({ base: 2, md: 4 }), gap: '8', mt: '8', textAlign: 'center' } },
  'sh-stat': { css: { display: 'flex', flexDirection: 'column-reverse', gap: '1' } },
  'sh-stat-label': { css: { color: 'blue.100', fontSize: 'sm' } },
  'sh-stat-value': { css: { fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold' } },

  // LandingPage
  'sh-hero': {
    css: { mt: '-16', pt: { base: '28', md: '36' }, pb: { base: '16', md: '24' }, bgGradient: 'to-b', gradientFrom: 'bg.hero', gradientTo: 'bg' },
  },
  'sh-hero-bar': container('4xl', { textAlign: 'center' }),
  'sh-hero-badge': { recipe: 'badge', variants: { variant: 'subtle', size: 'lg' }, css: { colorPalette: 'blue', mb: '5', rounded: 'full', px: '3' } },
  'sh-hero-title': heading({ base: '3xl', sm: '4xl', md: '6xl' }, { letterSpacing: 'tight', color: 'fg' }),
  'sh-hero-text': { css: { mt: '6', fontSize: { base: 'lg', md: 'xl' }, color: 'fg.muted', maxW: '2xl', mx: 'auto' } },
  'sh-hero-actions': { css: { display: 'flex', mt: '10', gap: '4', justifyContent: 'center', flexDirection: { base: 'column', sm: 'row' } } },
  'sh-button-xl': { recipe: 'button', variants: { size: 'xl' }, css: { colorPalette: 'blue' } },
  'sh-button-xl-outline': { recipe: 'button', variants: { variant: 'outline', size: 'xl' }, css: { colorPalette: 'blue', bg: 'bg.panel' } },
  'sh-section': { css: { py: { base: '14', md: '20' } } },
  'sh-section-bar-wide': container('6xl'),
  'sh-section-bar-narrow': container('3xl'),
  'sh-section-title': sectionTitle,
  'sh-section-lead': { css: { textAlign: 'center', mt: '3', color: 'fg.muted', maxW: '2xl', mx: 'auto' } },
  'sh-card-grid': { css: { display: 'grid', gridTemplateColumns: columns({ base: 1, sm: 2, lg: 4 }), gap: '6', mt: '10' } },
  'sh-try-now': { css: { py: { base: '14', md: '20' }, bg: 'bg.subtle', scrollMarginTop: '16', outline: 'none' } },
  'sh-try-now-lead': { css: { textAlign: 'center', mt: '3', color: 'fg.muted' } },
  'sh-try-now-widget': { css: { mt: '8' } },
  'sh-widget-skeleton': skeleton({ height: '56', rounded: 'xl' }),
  'sh-cta-bar': container('3xl', { textAlign: 'center' }),
  'sh-cta-icon-row': { css: { display: 'flex', justifyContent: 'center', color: 'blue.fg', mb: '4' } },
  'sh-cta-text': { css: { mt: '4', color: 'fg.muted', fontSize: 'lg' } },
  'sh-cta-button': { recipe: 'button', variants: { size: 'xl' }, css: { colorPalette: 'blue', mt: '8' } },
};
