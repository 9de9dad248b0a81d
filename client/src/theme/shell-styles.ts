import { visuallyHiddenStyle } from '@chakra-ui/react';
import type { StaticStyle } from './global-css';

/*
 * The classes of the parts drawn without Chakra's runtime (theme/lazy-chakra.ts says why): the
 * layout, header, footer and ad slot, the skeletons, the error page, and every public page (the
 * landing page, features, pricing, education, about, the legal pages and the account forms). Each is
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
const grid = (count: Record<string, number>, css: StaticStyle['css'] = {}): StaticStyle => ({
  css: { display: 'grid', gridTemplateColumns: columns(count), gap: '6', ...css },
});
const card = (css: StaticStyle['css'] = {}, variant = 'outline'): StaticStyle => ({ slotRecipe: ['card', 'root'], variants: { variant }, css });
const cardBody = (css: StaticStyle['css'] = {}, variant = 'outline'): StaticStyle => ({ slotRecipe: ['card', 'body'], variants: { variant }, css });
const badge = (colorPalette: string, variant = 'subtle', css: StaticStyle['css'] = {}): StaticStyle => ({
  recipe: 'badge',
  variants: { variant },
  css: { colorPalette, ...css },
});
/** A Button with a palette, variant and size; `w: 'full'` and the like on top. */
const button = (variants: Record<string, string>, css: StaticStyle['css'] = {}, colorPalette = 'blue'): StaticStyle => ({
  recipe: 'button',
  variants,
  css: { colorPalette, ...css },
});
const band = (py: Record<string, string>, css: StaticStyle['css'] = {}): StaticStyle => ({ css: { py, ...css } });
const listRoot = (css: StaticStyle['css']): StaticStyle => ({ slotRecipe: ['list', 'root'], css });

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
  // As high as the widget it stands for at the commonest widths (its label wraps on narrow phones, and
  // it has more padding from md), so that little moves when it comes in.
  'sh-widget-skeleton': skeleton({ height: { base: '278px', sm: '226px', md: '250px' }, rounded: 'xl' }),
  'sh-cta-bar': container('3xl', { textAlign: 'center' }),
  'sh-cta-icon-row': { css: { display: 'flex', justifyContent: 'center', color: 'blue.fg', mb: '4' } },
  'sh-cta-text': { css: { mt: '4', color: 'fg.muted', fontSize: 'lg' } },
  'sh-cta-button': { recipe: 'button', variants: { size: 'xl' }, css: { colorPalette: 'blue', mt: '8' } },

  // PageHero: the top band of every content page, with its h1.
  'sh-page-hero': {
    css: { mt: '-16', pt: { base: '24', md: '32' }, pb: { base: '10', md: '14' }, bgGradient: 'to-b', gradientFrom: 'bg.hero', gradientTo: 'bg' },
  },
  'sh-page-title': heading({ base: '3xl', md: '5xl' }, { letterSpacing: 'tight', color: 'fg' }),
  'sh-page-lead': { css: { mt: '5', fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', maxW: '2xl', mx: 'auto' } },
  'sh-page-note': { css: { mt: '6', color: 'fg.muted' } },

  // Content pages: bands, containers, headings, grids, cards, text and links.
  'sh-band': band({ base: '12', md: '16' }),
  'sh-band-subtle': band({ base: '12', md: '16' }, { bg: 'bg.subtle' }),
  'sh-band-end': { css: { pb: { base: '12', md: '16' } } },
  'sh-section-subtle': band({ base: '14', md: '20' }, { bg: 'bg.subtle' }),
  'sh-section-end': { css: { pb: { base: '14', md: '20' } } },
  'sh-h2': heading('2xl'),
  'sh-h2-xl': heading('xl'),
  'sh-h2-center': heading('2xl', { textAlign: 'center' }),
  'sh-h2-center-lg': heading({ base: '2xl', md: '3xl' }, { textAlign: 'center' }),
  'sh-h2-plans': heading({ base: '2xl', md: '3xl' }, { textAlign: 'center', mb: '8' }),
  'sh-h2-icon': heading('2xl', { display: 'flex', alignItems: 'center', gap: '2' }),
  'sh-h3': heading('lg'),
  'sh-h3-md': heading('md'),
  'sh-icon-blue': icon('1em', { color: 'blue.fg' }),
  'sh-grid-4': grid({ base: 1, sm: 2, lg: 4 }, { mt: '8' }),
  'sh-grid-3': grid({ base: 1, md: 2, lg: 3 }, { mt: '10' }),
  'sh-grid-3-md': grid({ base: 1, md: 3 }, { mt: '6' }),
  'sh-grid-3-md-loose': grid({ base: 1, md: 3 }, { mt: '8' }),
  'sh-text': { css: { mt: '3', color: 'fg' } },
  'sh-text-after': { css: { mt: '8', color: 'fg' } },
  'sh-muted': { css: { color: 'fg.muted' } },
  'sh-muted-center': { css: { color: 'fg.muted', textAlign: 'center' } },
  'sh-link': { recipe: 'link', variants: { variant: 'underline' }, css: { color: 'blue.fg' } },
  'sh-link-strong': { recipe: 'link', variants: { variant: 'underline' }, css: { color: 'blue.fg', fontWeight: 'semibold' } },
  'sh-link-sm': { recipe: 'link', variants: { variant: 'underline' }, css: { color: 'blue.fg', fontSize: 'sm' } },
  'sh-list': listRoot({ ps: '5', gap: '2' }),
  'sh-list-item': { slotRecipe: ['list', 'item'] },
  'sh-cta-button-lg': button({ size: 'lg' }, { mt: '8' }),
  'sh-heading-row': { css: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' } },
  'sh-badge-soon': badge('orange'),

  // Plans (features and pricing pages)
  'sh-plan-card': card({ borderWidth: '1px', borderColor: 'border', '&[data-popular]': { borderWidth: '2px', borderColor: 'blue.600' } }),
  'sh-plan-choice': card({
    borderWidth: '2px',
    borderColor: 'border',
    bg: 'bg.panel',
    cursor: 'pointer',
    transition: 'border-color 0.15s, background-color 0.15s',
    '&[data-selected]': { borderColor: 'blue.600', bg: 'blue.subtle' },
  }),
  'sh-plan-body': cardBody({ gap: '4' }),
  'sh-plan-footer': { slotRecipe: ['card', 'footer'], variants: { variant: 'outline' } },
  'sh-plan-name': heading('xl'),
  'sh-plan-badge': badge('blue', 'solid'),
  'sh-plan-amount': { css: { fontSize: '4xl', fontWeight: 'bold', color: 'fg' } },
  'sh-plan-features': listRoot({ listStyleType: 'none', gap: '2', flex: '1' }),
  'sh-plan-feature': { slotRecipe: ['list', 'item'], css: { display: 'flex', gap: '2', alignItems: 'flex-start' } },
  'sh-plan-check': icon('4', { color: 'green.fg', mt: '1', flexShrink: '0' }),
  'sh-plan-button': button({ variant: 'outline' }, { w: 'full' }),
  'sh-plan-button-solid': button({}, { w: 'full' }),
  'sh-plans-grid': grid({ base: 1, sm: 2, lg: 4 }),
  'sh-plan-skeleton': skeleton({ height: { base: '22rem', lg: '25.5rem' }, rounded: 'l3' }),

  // PricingPage
  'sh-headline': { css: { display: 'grid' } },
  'sh-headline-option': { css: { gridArea: '1 / 1', '&[aria-hidden=true]': { visibility: 'hidden' } } },
  'sh-claims': {
    css: { display: 'flex', listStyleType: 'none', justifyContent: 'center', gap: { base: '4', md: '10' }, mt: '12', flexWrap: 'wrap' },
  },
  'sh-claim': { css: { display: 'flex', alignItems: 'center', gap: '2', color: 'fg', fontWeight: 'medium' } },
  'sh-claim-icon': icon('1em', { color: 'green.fg' }),
  'sh-checkout-skeleton': skeleton({ height: '44', maxW: 'xl', mx: 'auto', mt: '10', rounded: 'l3' }),

  // EducationPage (its tabs are components/PlainTabs.tsx, styled by Chakra's tabs recipe)
  'sh-tabs': { slotRecipe: ['tabs', 'root'], variants: { variant: 'enclosed' } },
  'sh-tabs-list': { slotRecipe: ['tabs', 'list'], variants: { variant: 'enclosed' }, css: { flexWrap: 'wrap', h: 'auto' } },
  'sh-tabs-trigger': { slotRecipe: ['tabs', 'trigger'], variants: { variant: 'enclosed' } },
  'sh-tabs-content': { slotRecipe: ['tabs', 'content'], variants: { variant: 'enclosed' }, css: { pt: '6' } },
  'sh-topic-summary': { css: { mt: '2', color: 'fg.muted' } },
  'sh-badge-beginner': badge('green', 'subtle', { alignSelf: 'flex-start', textTransform: 'capitalize' }),
  'sh-badge-intermediate': badge('orange', 'subtle', { alignSelf: 'flex-start', textTransform: 'capitalize' }),
  'sh-badge-advanced': badge('purple', 'subtle', { alignSelf: 'flex-start', textTransform: 'capitalize' }),
  'sh-tip-steps': listRoot({ ps: '5', gap: '1.5', color: 'fg' }),
  'sh-resource': { css: { bg: 'bg.panel', borderWidth: '1px', rounded: 'lg', p: '5' } },
  'sh-resource-text': { css: { mt: '2', color: 'fg.muted' } },
  'sh-password-check-skeleton': skeleton({ height: '64', rounded: 'xl' }),

  // AboutPage
  'sh-prose': { css: { display: 'flex', flexDirection: 'column', gap: '4', mt: '4', color: 'fg', fontSize: 'lg' } },

  // LegalPage
  'sh-legal': container('3xl', { pb: { base: '12', md: '16' } }),
  'sh-legal-stack': { css: { display: 'flex', flexDirection: 'column', gap: '8', color: 'fg', lineHeight: 'tall' } },
  'sh-legal-title': heading('xl', { mb: '3', color: 'fg' }),
  'sh-legal-body': { css: { display: 'flex', flexDirection: 'column', gap: '3' } },
  'sh-legal-list-loose': listRoot({ ps: '5', gap: '3' }),
  'sh-legal-intro': { css: { fontSize: 'lg' } },

  // AuthCard and the account forms
  'sh-auth': {
    css: { mt: '-16', pt: { base: '20', md: '28' }, pb: { base: '12', md: '16' }, bgGradient: 'to-b', gradientFrom: 'bg.hero', gradientTo: 'bg', minH: 'full' },
  },
  'sh-auth-bar': container('md', { px: { base: '3', sm: '4' } }),
  'sh-auth-bar-lg': container('lg', { px: { base: '3', sm: '4' } }),
  'sh-auth-card': card({}, 'elevated'),
  'sh-auth-body': cardBody({ gap: '6', p: { base: '5', sm: '8' } }, 'elevated'),
  'sh-auth-head': { css: { display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '2' } },
  'sh-auth-icon': {
    css: { display: 'flex', boxSize: '12', rounded: 'full', bg: 'blue.subtle', color: 'blue.fg', alignItems: 'center', justifyContent: 'center' },
  },
  'sh-auth-title': heading('2xl'),
  'sh-or': { css: { ...row, gap: '3' } },
  'sh-or-line': { recipe: 'separator', css: { flex: '1' } },
  'sh-or-text': { css: { fontSize: 'sm', color: 'fg.muted' } },
  'sh-form': { css: { ...column, gap: '4' } },
  'sh-form-row': { css: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' } },
  'sh-name-grid': { css: { display: 'grid', gridTemplateColumns: columns({ base: 1, sm: 2 }), gap: '4' } },
  'sh-field': { slotRecipe: ['field', 'root'] },
  'sh-field-label': { slotRecipe: ['field', 'label'] },
  'sh-field-helper': { slotRecipe: ['field', 'helperText'], css: { color: 'fg.muted' } },
  'sh-field-error': { slotRecipe: ['field', 'errorText'] },
  'sh-input': { recipe: 'input' },
  // InputGroup with an end element: the input leaves room for the button over its end.
  'sh-input-group': { css: { position: 'relative', display: 'flex', alignItems: 'center', w: 'full' } },
  'sh-input-with-end': { recipe: 'input', css: { pe: '10' } },
  'sh-input-end': { css: { position: 'absolute', insetEnd: '0', top: '0', h: 'full', display: 'flex', alignItems: 'center', px: '1', zIndex: '2' } },
  'sh-icon-button-sm': { recipe: 'button', variants: { variant: 'ghost', size: 'sm' }, css: { px: '0', py: '0', color: 'fg.muted', _icon: { fontSize: '1.2em' } } },
  'sh-checkbox': { slotRecipe: ['checkbox', 'root'], css: { colorPalette: 'blue', cursor: 'pointer' } },
  'sh-checkbox-top': { slotRecipe: ['checkbox', 'root'], css: { colorPalette: 'blue', cursor: 'pointer', alignItems: 'flex-start' } },
  'sh-checkbox-control': {
    slotRecipe: ['checkbox', 'control'],
    css: { 'input:focus-visible + &': { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' } },
  },
  'sh-checkbox-indicator': { slotRecipe: ['checkbox', 'indicator'], css: { boxSize: '0.75em', strokeWidth: '3' } },
  'sh-checkbox-label': { slotRecipe: ['checkbox', 'label'] },
  'sh-checkbox-label-normal': { slotRecipe: ['checkbox', 'label'], css: { fontWeight: 'normal' } },
  'sh-submit': button({ size: 'lg' }, { w: 'full' }),
  'sh-button-google': button({ variant: 'outline', size: 'lg' }, { w: 'full' }, 'gray'),
  'sh-button-spinner': { recipe: 'spinner', variants: { size: 'inherit' }, css: { borderWidth: '0.125em', color: 'currentColor' } },
  'sh-requirements': { css: { bg: 'bg.subtle', rounded: 'md', p: '3', fontSize: 'sm' } },
  'sh-requirements-title': { css: { fontWeight: 'semibold', color: 'fg', mb: '2' } },
  'sh-checklist': listRoot({ listStyleType: 'none', gap: '1.5' }),
  'sh-checklist-item': { slotRecipe: ['list', 'item'], css: { display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', '&[data-met]': { color: 'green.fg' } } },
  'sh-alert-success': { slotRecipe: ['alert', 'root'], variants: { status: 'success' } },
  'sh-alert-info': { slotRecipe: ['alert', 'root'], variants: { status: 'info' } },
  'sh-alert-indicator': { slotRecipe: ['alert', 'indicator'], variants: { status: 'success' } },
  'sh-alert-content': { slotRecipe: ['alert', 'content'], variants: { status: 'success' } },
  'sh-alert-title': { slotRecipe: ['alert', 'title'], variants: { status: 'success' } },
  'sh-alert-description': { slotRecipe: ['alert', 'description'], variants: { status: 'success' } },
  // The emailed-link pages' failures (reset, verification), and their checking line.
  'sh-alert-error': { slotRecipe: ['alert', 'root'], variants: { status: 'error' } },
  'sh-alert-error-indicator': { slotRecipe: ['alert', 'indicator'], variants: { status: 'error' } },
  'sh-status-line': { css: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '3', color: 'blue.fg' } },
  'sh-link-button': button({ size: 'lg' }, { w: 'full', textDecoration: 'none' }),
  // Scan lists (dashboard/RecentScans.tsx) and the history page. A palette class sets the colours a
  // badge or a coloured text takes, as Chakra's colorPalette prop does.
  'sh-palette-green': { css: { colorPalette: 'green' } },
  'sh-palette-red': { css: { colorPalette: 'red' } },
  'sh-palette-blue': { css: { colorPalette: 'blue' } },
  'sh-palette-yellow': { css: { colorPalette: 'yellow' } },
  'sh-palette-orange': { css: { colorPalette: 'orange' } },
  'sh-palette-gray': { css: { colorPalette: 'gray' } },
  'sh-scan-list': { slotRecipe: ['list', 'root'], variants: { variant: 'plain' }, css: { gap: '0' } },
  'sh-scan-row': { slotRecipe: ['list', 'item'], variants: { variant: 'plain' }, css: { borderBottomWidth: '1px', py: '3', _last: { borderBottomWidth: '0' } } },
  'sh-scan-row-bar': { css: { display: 'flex', alignItems: 'center', gap: '3', w: 'full', flexWrap: { base: 'wrap', md: 'nowrap' } } },
  'sh-scan-status-icon': { css: { color: 'colorPalette.fg', fontSize: 'xl', flexShrink: '0', display: 'inline-flex' } },
  'sh-scan-main': { css: { flex: '1 1 12rem', minW: '0' } },
  'sh-scan-input': { css: { fontWeight: 'medium', truncate: true } },
  'sh-scan-link': { recipe: 'link', css: { color: 'fg', textDecoration: 'underline', textUnderlineOffset: '3px' } },
  'sh-scan-meta': { css: { fontSize: 'sm', color: 'fg.muted' } },
  'sh-scan-risk': { recipe: 'badge', variants: { variant: 'outline' }, css: { minW: '28', justifyContent: 'center' } },
  'sh-scan-no-score': { css: { color: 'fg.muted', minW: '28', textAlign: 'end' } },
  'sh-scan-score': { css: { minW: '28', textAlign: 'end', color: 'colorPalette.fg' } },
  'sh-scan-score-label': { css: { fontSize: 'sm', color: 'fg.muted' } },
  'sh-scan-score-value': { css: { fontWeight: 'bold' } },
  'sh-scan-status': { recipe: 'badge', variants: { variant: 'subtle' }, css: { minW: '24', justifyContent: 'center' } },
  // LoadStatus
  'sh-loading': { css: { display: 'flex', alignItems: 'center', justifyContent: 'center', py: '12' } },
  'sh-loading-spinner': { recipe: 'spinner', variants: { size: 'lg' }, css: { color: 'blue.fg' } },
  'sh-loading-text': { css: { ms: '3' } },
  'sh-retry-button': { recipe: 'button', variants: { variant: 'outline', size: 'sm' }, css: { ms: 'auto' } },
  'sh-mt-6': { css: { mt: '6' } },
  'sh-mt-8': { css: { mt: '8' } },
  // HistoryPage
  'sh-history': container('6xl', { py: '10' }),
  'sh-history-head': { css: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4', flexWrap: 'wrap' } },
  'sh-history-title': heading({ base: '2xl', md: '3xl' }),
  'sh-button-outline': { recipe: 'button', variants: { variant: 'outline' } },
  'sh-history-lead': { css: { mt: '2', color: 'fg.muted' } },
  'sh-history-card': card({ mt: '6' }),
  'sh-history-body': cardBody({ gap: '5' }),
  'sh-history-filters': { css: { display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap' } },
  'sh-history-kind': { css: { flex: '0 1 14rem' } },
  'sh-history-text': { css: { flex: '1 1 14rem' } },
  'sh-history-label': { css: { display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5' } },
  'sh-select': { slotRecipe: ['nativeSelect', 'root'], variants: { size: 'md', variant: 'outline' } },
  'sh-select-field': { slotRecipe: ['nativeSelect', 'field'], variants: { size: 'md', variant: 'outline' } },
  'sh-select-indicator': { slotRecipe: ['nativeSelect', 'indicator'], variants: { size: 'md', variant: 'outline' } },
  'sh-history-count': { css: { color: 'fg.muted', fontSize: 'sm' } },
  'sh-history-pager': { css: { display: 'flex', gap: '3', justifyContent: 'space-between', alignItems: 'center' } },
  'sh-history-page': { css: { fontSize: 'sm' } },
  // StatCard and PrivacyFigures
  'sh-stat-card': card(),
  'sh-stat-card-body': cardBody(),
  'sh-stat-root': { slotRecipe: ['stat', 'root'] },
  'sh-statcard-label': { slotRecipe: ['stat', 'label'], css: { color: 'fg.muted', fontSize: 'md' } },
  'sh-stat-value-2xl': { slotRecipe: ['stat', 'valueText'], css: { fontSize: '2xl' } },
  'sh-stat-value-3xl': { slotRecipe: ['stat', 'valueText'], css: { fontSize: '3xl' } },
  'sh-stat-help': { slotRecipe: ['stat', 'helpText'], css: { color: 'fg.muted', fontSize: 'sm', mb: '0' } },
  'sh-tone': { css: { color: 'colorPalette.fg' } },
  'sh-trend': { css: { display: 'flex', alignItems: 'center', gap: '2', color: 'colorPalette.fg' } },
  'sh-trend-none': { css: { display: 'flex', alignItems: 'center', gap: '2', color: 'colorPalette.fg', fontSize: 'lg' } },
  // OpenRequestsCard and the dashboard's cards
  'sh-card-outline': card(),
  'sh-card-outline-body': cardBody(),
  'sh-card-section-body': cardBody({ gap: '4' }),
  'sh-h2-md': heading('md'),
  'sh-button-outline-sm': { recipe: 'button', variants: { variant: 'outline', size: 'sm' } },
  'sh-requests-head': { css: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' } },
  'sh-requests-list': { css: { display: 'flex', flexDirection: 'column', gap: '2', mt: '3' } },
  'sh-muted-sm': { css: { fontSize: 'sm', color: 'fg.muted' } },
  'sh-requests-row': { css: { display: 'flex', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap', fontSize: 'sm' } },
  'sh-requests-due': { css: { display: 'flex', gap: '2', alignItems: 'center' } },
  'sh-badge': { recipe: 'badge' },
  // AccountPage
  'sh-account': container('3xl', { py: '10' }),
  'sh-account-signed-out': container('xl', { py: '16', textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' }),
  'sh-account-title': heading({ base: '2xl', md: '3xl' }),
  'sh-account-card': card({ mt: '6' }),
  'sh-account-card-body': cardBody({ gap: '4' }),
  'sh-account-head': { css: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' } },
  'sh-account-lines': { css: { display: 'flex', flexDirection: 'column', gap: '1' } },
  'sh-account-label': { css: { fontWeight: 'medium' } },
  'sh-account-id': { css: { fontFamily: 'mono' } },
  'sh-account-row': { css: { display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' } },
  'sh-account-plan': { css: { fontSize: 'xl', fontWeight: 'bold' } },
  'sh-account-usage': { css: { fontWeight: 'semibold' } },
  'sh-account-actions': { css: { display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '3', mt: '6' } },
  // The account's forms (components/account/ProfileSection.tsx)
  'sh-account-forms': { css: { ...column, gap: '5' } },
  'sh-account-subsection': { css: { borderTopWidth: '1px', pt: '4' } },
  'sh-account-subsection-title': heading('md', { mb: '3' }),
  'sh-account-note': { css: { fontSize: 'sm', color: 'fg.muted', mb: '3' } },
  'sh-account-form': { css: { ...column, gap: '3', maxW: 'md' } },
  'sh-account-form-error': { css: { color: 'fg.error', fontSize: 'sm' } },
  'sh-account-form-done': { css: { color: 'fg.success', fontSize: 'sm' } },
  'sh-badge-outline': { recipe: 'badge', variants: { variant: 'outline' } },
  // API tokens (components/account/ApiTokensSection.tsx)
  'sh-account-section-title': heading('lg'),
  'sh-token-created': { slotRecipe: ['alert', 'root'], variants: { status: 'warning' }, css: { flexDirection: 'column', alignItems: 'stretch', gap: '2' } },
  'sh-token-created-head': { css: { ...row, gap: '2' } },
  'sh-token-created-actions': { css: { display: 'flex', gap: '2', flexDirection: { base: 'column', sm: 'row' } } },
  'sh-token-secret': { recipe: 'input', css: { fontFamily: 'mono', fontSize: 'sm', bg: 'bg.panel' } },
  'sh-button-outline-panel': { recipe: 'button', variants: { variant: 'outline' }, css: { bg: 'bg.panel' } },
  'sh-token-form': { css: { display: 'flex', gap: '3', alignItems: 'flex-end', flexDirection: { base: 'column', sm: 'row' } } },
  'sh-token-name-field': { slotRecipe: ['field', 'root'], css: { flex: '1' } },
  'sh-token-access-field': { slotRecipe: ['field', 'root'], css: { w: { base: 'full', sm: '44' } } },
  'sh-token-expiry-field': { slotRecipe: ['field', 'root'], css: { w: { base: 'full', sm: '36' } } },
  'sh-token-create': button({}, { w: { base: 'full', sm: 'auto' } }),
  'sh-text-red': { css: { color: 'red.fg' } },
  'sh-table-scroll': { css: { overflowX: 'auto' } },
  'sh-table': { slotRecipe: ['table', 'root'], variants: { size: 'sm' } },
  'sh-table-row': { slotRecipe: ['table', 'row'], variants: { size: 'sm' } },
  'sh-table-column-header': { slotRecipe: ['table', 'columnHeader'], variants: { size: 'sm' } },
  'sh-table-cell': { slotRecipe: ['table', 'cell'], variants: { size: 'sm' } },
  'sh-table-cell-end': { slotRecipe: ['table', 'cell'], variants: { size: 'sm' }, css: { textAlign: 'end' } },
  'sh-button-xs-outline-red': button({ variant: 'outline', size: 'xs' }, {}, 'red'),
  // Your data (components/account/AccountDataSection.tsx)
  'sh-account-data-body': cardBody({ gap: '5' }),
  'sh-account-data-row': {
    css: { display: 'flex', justifyContent: 'space-between', alignItems: { base: 'stretch', sm: 'center' }, gap: '3', flexDirection: { base: 'column', sm: 'row' } },
  },
  'sh-account-data-button': { recipe: 'button', variants: { variant: 'outline' }, css: { flexShrink: '0' } },
  'sh-account-delete-button': button({ variant: 'outline' }, { flexShrink: '0' }, 'red'),
  'sh-stack-4': { css: { ...column, gap: '4' } },
  // Dashboard
  'sh-dashboard': container('6xl', { py: '10' }),
  'sh-overview': { css: { display: 'flex', flexDirection: 'column', gap: '6' } },
  'sh-overview-cards': { css: { display: 'grid', gridTemplateColumns: columns({ base: 1, md: 3 }), gap: '4' } },
  'sh-overview-charts': { css: { display: 'grid', gridTemplateColumns: columns({ base: 1, lg: 2 }), gap: '6' } },
  'sh-section-head': { css: { display: 'flex', flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' } },
  'sh-section-actions': { css: { display: 'flex', flexDirection: 'row', gap: '2', flexWrap: 'wrap' } },
  'sh-button-sm': button({ size: 'sm' }),
  'sh-chart-loading': { css: { display: 'flex', alignItems: 'center', justifyContent: 'center', py: '8' } },
  'sh-chart-spinner': { recipe: 'spinner', variants: { size: 'md' }, css: { color: 'blue.fg' } },
  'sh-dashboard-tabs': { slotRecipe: ['tabs', 'root'], variants: { variant: 'line' }, css: { mt: '8' } },
  // The three tabs on one line at 390 px: narrower padding on phones (the labels are fixed); they
  // wrap only on narrower screens still. 44 px high, a touch target's size.
  'sh-dashboard-tabs-list': { slotRecipe: ['tabs', 'list'], variants: { variant: 'line' }, css: { flexWrap: 'wrap', h: 'auto', minH: '11' } },
  'sh-dashboard-tabs-trigger': { slotRecipe: ['tabs', 'trigger'], variants: { variant: 'line' }, css: { h: '11', px: { base: '3', sm: '4' }, whiteSpace: 'nowrap' } },
  'sh-dashboard-tabs-content': { slotRecipe: ['tabs', 'content'], variants: { variant: 'line' }, css: { pt: '6' } },
  'sh-tab-stack': { css: { display: 'flex', flexDirection: 'column', gap: '8' } },
  // ReportPage, ReportView and ReportDownloads
  'sh-report': container('6xl', { py: '10' }),
  'sh-report-head': {
    css: { display: 'flex', justifyContent: 'space-between', alignItems: { base: 'stretch', md: 'flex-start' }, gap: '4', flexDirection: { base: 'column', md: 'row' } },
  },
  'sh-report-head-text': { css: { ...column, gap: '1' } },
  'sh-report-downloads': { css: { ...column, gap: '3', alignItems: { base: 'stretch', md: 'flex-end' } } },
  'sh-report-download-buttons': { css: { display: 'flex', gap: '2' } },
  'sh-report-upgrade': { slotRecipe: ['alert', 'root'], variants: { status: 'info' }, css: { maxW: 'md' } },
  'sh-alert-warning': { slotRecipe: ['alert', 'root'], variants: { status: 'warning' } },
  'sh-report-link': { recipe: 'link', css: { color: 'blue.fg', fontWeight: 'medium', textDecoration: 'underline' } },
  'sh-report-body': { css: { ...column, gap: '8', mt: '8' } },
  'sh-report-sections': { css: { ...column, gap: '10' } },
  'sh-report-h2': heading('xl', { mb: '4' }),
  'sh-report-grid': { css: { display: 'grid', gridTemplateColumns: columns({ base: 1, sm: 2, lg: 4 }), gap: '4' } },
  'sh-report-last-scan': { css: { mt: '3', color: 'fg.muted', fontSize: 'sm' } },
  'sh-report-risk-body': cardBody({ gap: '2' }),
  'sh-report-risk-row': { css: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' } },
  'sh-report-risk-level': { recipe: 'badge', variants: { variant: 'subtle' }, css: { fontSize: 'md' } },
  'sh-report-list': { slotRecipe: ['list', 'root'], variants: { variant: 'plain' }, css: { gap: '3' } },
  // A report of a long history holds hundreds of these: the browser lays out only those near the
  // screen (the rest keep a placeholder height, then their own once drawn), which is most of the
  // page's first layout on a phone.
  'sh-report-item': {
    slotRecipe: ['list', 'item'],
    variants: { variant: 'plain' },
    css: { display: 'block', borderWidth: '1px', rounded: 'md', p: '4', contentVisibility: 'auto', containIntrinsicSize: 'auto 8rem' },
  },
  'sh-report-row': { css: { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' } },
  'sh-report-badge': { recipe: 'badge', variants: { variant: 'subtle' }, css: { flexShrink: '0' } },
  'sh-badge-subtle': { recipe: 'badge', variants: { variant: 'subtle' } },
  'sh-report-badge-outline': { recipe: 'badge', variants: { variant: 'outline' } },
  'sh-report-strong': { css: { fontWeight: 'medium' } },
  'sh-report-title': { css: { fontWeight: 'semibold' } },
  'sh-report-site': { css: { fontWeight: 'semibold', wordBreak: 'break-all' } },
  'sh-report-line': { css: { mt: '1' } },
  'sh-report-gpc': { css: { mt: '2' } },
  'sh-report-source': { css: { mt: '1', color: 'fg.muted', fontSize: 'sm' } },
  'sh-report-seen': { css: { mt: '1', whiteSpace: 'pre-line', wordBreak: 'break-word' } },
  'sh-report-todo': { css: { mt: '1', color: 'fg' } },
  'sh-report-todo-label': { css: { fontWeight: 'medium' } },
  'sh-report-count': { css: { color: 'fg.muted', mb: '2' } },
  'sh-report-tests': listRoot({ mt: '2', ps: '5', gap: '1' }),
  // MonitoringPage and MonitorCard
  'sh-monitors': container('6xl', { py: '10' }),
  'sh-monitors-head': { css: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' } },
  'sh-monitors-intro': { css: { flex: '1 1 28rem' } },
  'sh-monitors-counter': { css: { ...column, alignItems: { base: 'flex-start', md: 'flex-end' }, gap: '2', flexShrink: '0', color: 'fg' } },
  'sh-monitors-count': { css: { fontWeight: 'bold' } },
  'sh-monitors-body': { css: { ...column, gap: '6', mt: '8' } },
  'sh-monitors-loading': { css: { display: 'flex', justifyContent: 'center', alignItems: 'center', py: '10', gap: '3' } },
  'sh-monitors-error': { css: { ...column, alignItems: 'flex-start', gap: '3' } },
  'sh-monitors-error-text': { css: { color: 'red.fg' } },
  'sh-monitors-empty-body': cardBody({ alignItems: 'center', textAlign: 'center', gap: '3', py: '10' }),
  'sh-monitors-empty-text': { css: { color: 'fg.muted', maxW: 'lg' } },
  'sh-monitors-grid': { css: { display: 'grid', gridTemplateColumns: columns({ base: 1, lg: 2 }), gap: '4' } },
  'sh-monitor-card-header': { slotRecipe: ['card', 'header'], variants: { variant: 'outline' } },
  'sh-monitor-card-head': { css: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' } },
  'sh-monitor-name': heading('md', { wordBreak: 'break-all' }),
  'sh-monitor-badges': { css: { display: 'flex', gap: '2' } },
  'sh-monitor-kind': { recipe: 'badge', variants: { variant: 'outline', size: 'md' } },
  'sh-monitor-state': { recipe: 'badge', variants: { variant: 'subtle', size: 'md' } },
  'sh-monitor-card-body': cardBody({ gap: '4' }),
  'sh-monitor-card-footer': { slotRecipe: ['card', 'footer'], variants: { variant: 'outline' }, css: { gap: '3', flexWrap: 'wrap' } },
  'sh-monitor-lines': { css: { ...column, gap: '1' } },
  'sh-monitor-label': { css: { fontWeight: 'semibold' } },
  'sh-monitor-site': { css: { wordBreak: 'break-all' } },
  'sh-monitor-targets': { css: { ...column, gap: '2' } },
  'sh-monitor-list': listRoot({ listStyleType: 'none', gap: '1' }),
  'sh-monitor-email': { slotRecipe: ['list', 'item'], css: { display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', wordBreak: 'break-all' } },
  'sh-monitor-handle': { slotRecipe: ['list', 'item'], css: { wordBreak: 'break-all' } },
  'sh-monitor-resend': { recipe: 'button', variants: { variant: 'outline', size: 'xs' }, css: { mt: '2' } },
  'sh-monitor-note': { css: { fontSize: 'sm', color: 'fg.muted', mt: '2' } },
  'sh-monitor-runs-title': heading('sm'),
  'sh-monitor-no-runs': { css: { color: 'fg.muted', mt: '1' } },
  'sh-monitor-runs': listRoot({ listStyleType: 'none', gap: '2', mt: '2' }),
  'sh-monitor-run': { slotRecipe: ['list', 'item'], css: { display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' } },
  'sh-monitor-run-changes': { css: { flexBasis: '100%', mt: '1' } },
  'sh-button-outline-red': button({ variant: 'outline' }, {}, 'red'),
  'sh-button-ghost': { recipe: 'button', variants: { variant: 'ghost' } },
  // Pager
  'sh-pager': { css: { display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'flex-end', mt: '3' } },
  'sh-pager-page': { css: { fontSize: 'sm' } },
};
