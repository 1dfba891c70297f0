import { describe, expect, it } from 'vitest';
import {
  baseMimetype,
  describeElapsed,
  formatElapsed,
  formatOfRecording,
  pickRecordingFormat,
  videoFileName,
} from './format';

describe('format helpers', () => {
  it('shows elapsed time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(1999)).toBe('00:01');
    expect(formatElapsed(65_000)).toBe('01:05');
    expect(formatElapsed(-5)).toBe('00:00');
    expect(describeElapsed(61_000)).toBe('1 minute 1 second');
  });

  it('picks the first container the browser records, only ever webm or mp4', () => {
    expect(pickRecordingFormat((t) => t === 'video/webm;codecs=vp8')).toEqual({
      recorderMimeType: 'video/webm;codecs=vp8',
      mimetype: 'video/webm',
      ext: 'webm',
    });
    expect(pickRecordingFormat((t) => t === 'video/mp4').ext).toBe('mp4');
    expect(pickRecordingFormat(undefined)).toEqual({
      recorderMimeType: '',
      mimetype: 'video/webm',
      ext: 'webm',
    });
  });

  it('declares the bare container type of what was really recorded', () => {
    expect(baseMimetype('video/webm;codecs=vp9')).toBe('video/webm');
    const asked = pickRecordingFormat(() => true);
    expect(formatOfRecording('video/mp4;codecs=avc1', asked)).toEqual({ mimetype: 'video/mp4', ext: 'mp4' });
    expect(formatOfRecording('', asked)).toEqual({ mimetype: 'video/webm', ext: 'webm' });
  });

  it('names the saved file after the request, without characters file systems refuse', () => {
    expect(videoFileName(4101, new Date('2025-10-27T10:34:46.123Z'), 'webm')).toBe(
      'support-request-4101-2025-10-27T10-34-46Z.webm',
    );
  });
});
