/** The thin React binding of the flow store: one store per mounted button, released on unmount. */
import { useEffect, useState } from 'react';
import { useStore } from '@atrium/store/react';
import { api } from '@atrium/api';
import { createRecordVideoFlow } from './flow';
import type { FlowDeps, FlowState, RecordVideoFlow } from './flow';
import type { MediaRecorderCtor } from './screen-recorder';

/** The real browser: looked up at call time, so a page script that replaces them (tests) still applies. */
export function browserFlowDeps(): FlowDeps {
  return {
    api,
    getDisplayMedia(options) {
      const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      if (!devices || typeof devices.getDisplayMedia !== 'function') {
        return Promise.reject(new DOMException('getDisplayMedia is not available', 'NotSupportedError'));
      }
      return devices.getDisplayMedia(options);
    },
    MediaRecorder:
      typeof MediaRecorder === 'undefined' ? undefined : (MediaRecorder as unknown as MediaRecorderCtor),
    now: () => Date.now(),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    logError: (message, error) => console.error(message, error),
  };
}

export function useRecordVideoFlow(deps?: Partial<FlowDeps>): [RecordVideoFlow, FlowState] {
  // Created once per mount; the deps of the first render win (they are wiring, not state).
  const [flow] = useState(() => createRecordVideoFlow({ ...browserFlowDeps(), ...deps }));
  // Unmount stops capture, cancels the upload and revokes the object URL; dispose leaves the store
  // usable, which React's StrictMode double mount relies on.
  useEffect(() => () => flow.dispose(), [flow]);
  const state = useStore(flow);
  return [flow, state];
}

/** True while the page holds a recording that is neither uploaded nor explicitly dropped. */
export function hasUnsavedRecording(state: FlowState): boolean {
  return state.recording !== null && state.upload.status !== 'done';
}
