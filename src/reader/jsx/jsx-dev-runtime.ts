/* Vite's development transform asks for jsx-dev-runtime: the same renderer. */
export { Fragment, jsxDEV, type JSX } from './jsx-runtime.ts';
