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

interface Rule {
  /** The at-rules it is inside (`@layer recipes`, `@media …`), outermost first. */
  context: string;
  selectors: string[];
  declarations: string;
}

/** The style rules of a sheet as stylis writes it (no rule nested in another, only in at-rules), in order. */
function rulesOf(css: string): Rule[] {
  const rules: Rule[] = [];
  const open: string[] = [];
  let text = '';
  for (const char of css) {
    if (char === '{') {
      open.push(text.trim());
      text = '';
    } else if (char === '}') {
      const prelude = open.pop() ?? '';
      if (text.trim()) rules.push({ context: open.join(' '), selectors: splitSelectors(prelude), declarations: text.trim().replace(/;$/, '') });
      text = '';
    } else text += char;
  }
  return rules;
}

/** A selector list's selectors (commas inside `:is(…)` or `[…]` do not split it). */
function splitSelectors(list: string): string[] {
  const selectors = [''];
  let depth = 0;
  for (const char of list) {
    if (char === '(' || char === '[') depth++;
    if (char === ')' || char === ']') depth--;
    if (char === ',' && depth === 0) selectors.push('');
    else selectors[selectors.length - 1] += char;
  }
  return selectors.map((selector) => selector.trim());
}

/** Each declaration a class gets, with its selector and at-rules, in the order the sheet has them. */
function declarationsOf(rules: Rule[], name: string): string[] {
  const ofClass = new RegExp(`\\.${name}(?![\\w-])`);
  return rules.flatMap((rule) =>
    rule.selectors
      .filter((selector) => ofClass.test(selector))
      .flatMap((selector) => rule.declarations.split(';').map((declaration) => `${rule.context} ${selector} { ${declaration} }`)),
  );
}

describe('the shell style sheet', () => {
  const css = classCssOf(appSystem(), SHELL_STYLES);
  const rules = rulesOf(css);

  it('has a class for every one the shell uses, and none unused', () => {
    const used = classesInSource();
    expect([...used.keys()].filter((name) => !(name in SHELL_STYLES))).toEqual([]);
    expect(Object.keys(SHELL_STYLES).filter((name) => !used.has(name))).toEqual([]);
  });

  it('compiles each class as the Chakra component would style it: recipe in its layer, style props outside, light and dark', () => {
    for (const name of Object.keys(SHELL_STYLES)) expect(css).toContain(`.${name}`);
    // Button: the recipe's solid variant in the recipes layer, the palette (a style prop) outside it.
    const button = declarationsOf(rules, 'sh-button');
    expect(button).toContain(' .sh-button { --chakra-colors-color-palette-solid:var(--chakra-colors-blue-solid) }');
    expect(button).toContain('@layer recipes .sh-button { background:var(--chakra-colors-color-palette-solid) }');
    // Responsive values become the theme's media queries.
    expect(css).toMatch(/@media screen and \(min-width: 48rem\)\{\.sh-hero\{[^}]*padding-top:var\(--chakra-spacing-36\)/);
    // Colours are the theme's semantic tokens, whose variables change under .dark (global-css.spec.ts).
    expect(css).toMatch(/\.sh-hero-text\{[^}]*color:var\(--chakra-colors-fg-muted\)/);
    // The header's opaque state and the current page's link.
    expect(css).toMatch(/\.sh-header\[data-opaque=true\]\{[^}]*background:var\(--chakra-colors-bg\)/);
    expect(css).toMatch(/\.sh-nav-link\[aria-current=page\]\{[^}]*color:var\(--chakra-colors-blue-fg\)/);
  });

  it('gives each class the rules, conditions and order it would have as the only class in the sheet', () => {
    for (const [name, style] of Object.entries(SHELL_STYLES)) {
      const alone = declarationsOf(rulesOf(classCssOf(appSystem(), { [name]: style })), name);
      expect(alone.length).toBeGreaterThan(0);
      expect([name, declarationsOf(rules, name)]).toEqual([name, alone]);
    }
  });

  it('writes a colour palette once, for every class that sets it, and a recipe once for every class given it', () => {
    // Outside the recipes' layer, one rule per palette sets its nineteen variables (the checkbox
    // recipe's invalid state sets red's inside the layer, as Chakra's does).
    const paletteRules = rules.filter((rule) => !rule.context && rule.declarations.includes('--chakra-colors-color-palette-50:'));
    const palettes = paletteRules.map((rule) => /--chakra-colors-color-palette-50:var\(--chakra-colors-([a-z]+)-50\)/.exec(rule.declarations)?.[1]);
    const set = new Set(Object.values(SHELL_STYLES).map((style) => style.css?.colorPalette).filter((palette) => palette !== undefined));
    expect(palettes.sort()).toEqual([...set].sort());
    expect(palettes).toContain('blue');
    expect(paletteRules.find((rule) => rule.selectors.includes('.sh-palette-blue'))?.selectors).toEqual(expect.arrayContaining(['.sh-button', '.sh-menu-button', '.sh-cta-button']));
    // The button recipe's rules (the same variants: solid, medium) are written once for all its buttons.
    expect(rules.find((rule) => rule.context === '@layer recipes' && rule.selectors.includes('.sh-button'))?.selectors).toEqual(
      expect.arrayContaining(['.sh-menu-button', '.sh-error-button', '.sh-plan-button-solid']),
    );
  });
});
