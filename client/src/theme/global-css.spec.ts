import { classCssOf, globalCssOf, withoutLegacyPrefixes } from './global-css';
import { SHELL_STYLES } from './shell-styles';
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

describe('the legacy vendor prefixes', () => {
  it('are left out where the build\'s target browsers take the property unprefixed, and kept where Safari still needs them', () => {
    const css = withoutLegacyPrefixes(
      '.a{display:-webkit-box;display:-webkit-flex;display:-ms-flexbox;display:flex;-webkit-align-items:center;-webkit-box-align:center;-ms-flex-align:center;align-items:center;' +
        '-webkit-user-select:none;-moz-user-select:none;user-select:none;-webkit-flex:1;flex:1;-webkit-animation:spin 1s;animation:spin 1s;}' +
        '.b{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;}' +
        '@-webkit-keyframes spin{from{-webkit-transform:rotate(0);transform:rotate(0);}to{transform:rotate(360deg);}}@keyframes spin{from{transform:rotate(0);}to{transform:rotate(360deg);}}',
    );
    expect(css).toBe(
      '.a{display:flex;align-items:center;-webkit-user-select:none;user-select:none;flex:1;animation:spin 1s;}' +
        '.b{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;}' +
        '@keyframes spin{from{transform:rotate(0);}to{transform:rotate(360deg);}}',
    );
  });

  it('are not in the static sheets, which keep the unprefixed declarations', () => {
    const shell = classCssOf(appSystem(), SHELL_STYLES);
    for (const sheet of [globalCssOf(appSystem()), shell]) {
      expect(sheet).not.toMatch(/-ms-flexbox|-webkit-box-align|-moz-appearance|@-webkit-keyframes/);
    }
    expect(/@layer recipes\{\.sh-button,[^{]*\{([^}]*)\}/.exec(shell)?.[1]).toMatch(/display:inline-flex;.*align-items:center;.*-webkit-user-select:none;/);
  });
});
