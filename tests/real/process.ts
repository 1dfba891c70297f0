/**
 * A server process a test started: kept in the foreground so its pid is the server's, its output kept for
 * the error message when it fails to start, stopped by that pid (SIGTERM, then SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { waitForPort } from './ports.js';

export interface RunningServer {
  readonly port: number;
  readonly pid: number;
  stop(): Promise<void>;
}

export interface SpawnedServer extends RunningServer {
  /** Everything it printed so far (both streams). */
  output(): string;
}

/** Spawns `command` and resolves once it accepts connections on `port`; rejects (and kills it) otherwise. */
export async function spawnServer(
  command: string,
  args: string[],
  { port, cwd, env, name }: { port: number; cwd?: string; env?: NodeJS.ProcessEnv; name: string },
): Promise<SpawnedServer> {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let spawnError: Error | null = null;
  child.once('error', (error) => (spawnError = error));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const running = (): boolean => child.exitCode === null && child.signalCode === null && !spawnError;
  const stop = async (): Promise<void> => {
    if (!running()) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
  };
  try {
    await waitForPort(port, {
      failed: () =>
        spawnError
          ? `${name} could not start: ${(spawnError as Error).message}`
          : running()
            ? null
            : `${name} exited (${child.exitCode ?? child.signalCode}) before listening:\n${output}`,
    });
  } catch (error) {
    await stop();
    throw new Error(`${name}: ${(error as Error).message}\n${output}`);
  }
  return { port, pid: child.pid ?? -1, stop, output: () => output };
}
