import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classCssOf } from './global-css';
import { SHELL_STYLES } from './shell-styles';
import { appSystem } from './system';

const SRC = join(__dirname, '..');

/** Every `sh-…` class the client's source names (tests aside). */
function classesInSource(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file) && !file.endsWith('shell-styles.ts'),
  );
  for (const file of files) {
    for (const [name] of readFileSync(join(SRC, file), 'utf8').matchAll(/\bsh-[a-z0-9-]+/g)) {
      used.set(name, [...(used.get(name) ?? []), file]);
    }
  }
  return used;
}

describe('the shell style sheet', () => {
  const css = classCssOf(appSystem(), SHELL_STYLES);

  it('has a class for every one the shell uses, and none unused', () => {
    const used = classesInSource();
    expect([...used.keys()].filter((name) => !(name in SHELL_STYLES))).toEqual([]);
    expect(Object.keys(SHELL_STYLES).filter((name) => !used.has(name))).toEqual([]);
  });

  it('compiles each class as the Chakra component would style it: recipe in its layer, style props outside, light and dark', () => {
    for (const name of Object.keys(SHELL_STYLES)) expect(css).toContain(`.${name}`);
    // Button: the recipe's solid variant in the recipes layer, the palette (a style prop) outside it.
    const button = /\.sh-button\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(button).toContain('--chakra-colors-color-palette-solid:var(--chakra-colors-blue-solid)');
    expect(css).toMatch(/@layer recipes\{\.sh-button\{[^}]*background:var\(--chakra-colors-color-palette-solid\)/);
    // Responsive values become the theme's media queries.
    expect(css).toMatch(/@media screen and \(min-width: 48rem\)\{\.sh-hero\{[^}]*padding-top:var\(--chakra-spacing-36\)/);
    // Colours are the theme's semantic tokens, whose variables change under .dark (global-css.spec.ts).
    expect(css).toMatch(/\.sh-hero-text\{[^}]*color:var\(--chakra-colors-fg-muted\)/);
    // The header's opaque state and the current page's link.
    expect(css).toMatch(/\.sh-header\[data-opaque=true\]\{[^}]*background:var\(--chakra-colors-bg\)/);
    expect(css).toMatch(/\.sh-nav-link\[aria-current=page\]\{[^}]*color:var\(--chakra-colors-blue-fg\)/);
  });
});
