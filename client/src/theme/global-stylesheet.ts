import { globalCssOf } from './global-css';
import { appSystem } from './system';

/** Loaded at build time by client/vite.config.mts: the app's global style sheet. */
export const globalStylesheet = (): string => globalCssOf(appSystem());
