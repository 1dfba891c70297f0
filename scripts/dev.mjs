#!/usr/bin/env node
/**
 * `npm run dev`: webpack in watch mode (development build, rewritten import map on every rebuild) plus the
 * reference server with ATRIUM_ENV=development (import-map-overrides allowed). Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';

const env = { ...process.env, ATRIUM_ENV: 'development' };
const children = [];

function start(name, command, args) {
  const child = spawn(command, args, { stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${name} exited (${signal ?? code})`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  // Only the two processes this script started.
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('build', 'node_modules/.bin/tsx', ['scripts/build.ts', '--mode', 'development', '--watch']);
start('server', 'node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'packages/server/src/main.ts']);
