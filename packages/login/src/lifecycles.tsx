/**
 * The single-spa lifecycles of @atrium/login: wiring only. The root config mounts the app at
 * /common/login with `customProps.boot`, the boot sequence to run after a successful sign-in.
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoginRoot } from './components/LoginRoot';
import { LoginErrorBoundary } from './components/LoginErrorBoundary';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: LoginRoot,
  errorBoundary: LoginErrorBoundary,
});

export const { bootstrap, mount, unmount } = lifecycles;
