/**
 * The shell class that sets a Chakra colour palette (theme/shell-styles.ts), as the colorPalette prop
 * does, for badges and coloured text drawn without Chakra's runtime. Literal names: the shell style
 * sheet's check reads them from the source.
 */
const PALETTE_CLASS: Record<string, string> = {
  green: 'sh-palette-green',
  red: 'sh-palette-red',
  blue: 'sh-palette-blue',
  yellow: 'sh-palette-yellow',
  orange: 'sh-palette-orange',
  gray: 'sh-palette-gray',
};

/** A palette the theme does not have (teal) draws as gray, as a Chakra component given it would. */
export const paletteClass = (palette: string): string => PALETTE_CLASS[palette] ?? PALETTE_CLASS.gray;
