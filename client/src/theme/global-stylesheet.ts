import { classCssOf, globalCssOf } from './global-css';
import { SHELL_STYLES } from './shell-styles';
import { appSystem } from './system';

/** Loaded at build time by client/vite.config.mts: the app's global style sheet. */
export const globalStylesheet = (): string => globalCssOf(appSystem());

/** Loaded at build time by client/vite.config.mts: the classes of the parts drawn without Chakra's runtime. */
export const shellStylesheet = (): string => classCssOf(appSystem(), SHELL_STYLES);
