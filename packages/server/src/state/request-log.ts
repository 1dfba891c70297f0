/** The request log behind /lapi/telescope/requests: what was called, never what was sent. */
export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  user: string | null;
  durationMs: number;
}

export interface UserSwitchEvent {
  at: string;
  by: string;
  action: 'switch-user' | 'switch-back';
  to: string;
}

export interface RequestLog {
  add(entry: RequestLogEntry): void;
  entries(): readonly RequestLogEntry[];
  addSwitch(event: UserSwitchEvent): void;
  switches(): readonly UserSwitchEvent[];
}

/** Ring buffer: a long-running demo server must not grow without bound. */
export function createRequestLog(limit = 500): RequestLog {
  const log: RequestLogEntry[] = [];
  const switches: UserSwitchEvent[] = [];
  return {
    add(entry) {
      log.push(entry);
      if (log.length > limit) log.splice(0, log.length - limit);
    },
    entries: () => log,
    addSwitch(event) {
      switches.push(event);
      if (switches.length > limit) switches.splice(0, switches.length - limit);
    },
    switches: () => switches,
  };
}
