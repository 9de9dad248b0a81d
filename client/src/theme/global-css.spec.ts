import { globalCssOf } from './global-css';
import { appSystem, withStaticGlobalCss } from './system';

describe('the static global style sheet', () => {
  const css = globalCssOf(appSystem());

  it('holds the reset, the base styles and every token variable, light and dark, in their cascade layers', () => {
    expect(css).toMatch(/^@layer reset,\s?base,\s?tokens,\s?recipes;/);
    expect(css).toContain('@layer reset{');
    expect(css).toContain('@layer base{');
    expect(css).toContain('@layer tokens{');
    expect(css).toMatch(/--chakra-colors-blue-500:\s?#3b82f6/i);
    // Semantic colours change under .dark (the class the colour mode sets on <html>).
    const dark = /\.dark[^{]*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(dark).toContain('--chakra-colors-bg:');
    expect(dark).toContain('--chakra-colors-bg-hero:');
    // Our own fonts and palette changes are in it.
    expect(css).toContain('system-ui');
    expect(css).toMatch(/--chakra-colors-blue-solid:\s?var\(--chakra-colors-blue-700\)/);
    // Palettes the app does not use are left out.
    expect(css).not.toContain('--chakra-colors-teal-500');
  });

  it('replaces what ChakraProvider would otherwise serialize at start', () => {
    const browserSystem = withStaticGlobalCss(appSystem());
    expect(browserSystem._global).toEqual([]);
    expect(browserSystem.token('colors.blue.500')).toBe(appSystem().token('colors.blue.500'));
  });
});
