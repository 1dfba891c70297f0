/**
 * `@atrium/shell`: the single-spa application active on every path but the login page. This entry only
 * wires the lifecycles; the UI is in components/, the framework-free cores beside it.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Shell, ShellCrash } from './components';
import type { ShellProps } from './components';
import { shellElement } from './shell-element';

const lifecycles = singleSpaReact<ShellProps>({
  React,
  ReactDOMClient,
  rootComponent: Shell,
  errorBoundary: () => React.createElement(ShellCrash),
  domElementGetter: () => shellElement(),
});

export const { bootstrap, mount, unmount } = lifecycles;

export type { ShellProps } from './components';
export * from './routes';
export type { UpdateStatus } from './updates';
export { UNSAVED_CHANGES_MESSAGE } from './unsaved';
