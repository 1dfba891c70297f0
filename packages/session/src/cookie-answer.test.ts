/**
 * The widgets' hand-written checks (cookie-answer.ts) against the client's real schemas, on the same
 * answers: whatever the schema accepts, the checks accept with the same notices and user; whatever breaks
 * a field the bar reads, both refuse. (The checks read fewer fields than the schema: an answer wrong only
 * in a field the bar never reads passes them, and the toolbar chunk's full validation catches it.)
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { InitializeResponseSchema, SystemNotificationSchema } from '@atrium/api/schemas';
import { demoInitializeResponse } from '@atrium/api/testing';
import { readCookieAnswer, readNotification } from './cookie-answer.js';

const notice = { id: 'n1', message: 'Hello', closeable: true, clickable: false, routeInfo: null };

/** Notices as a server might send them: valid ones first, then one broken field at a time. */
const VALID_NOTICES: Record<string, unknown> = {
  minimal: notice,
  'static and body': { ...notice, static: true, body: '<p>More</p>' },
  'with a route': { ...notice, clickable: true, routeInfo: { app: 'a', category: 'c', type: 't' } },
  'static false': { ...notice, static: false },
  'an empty message': { ...notice, message: '' },
};
const INVALID_NOTICES: Record<string, unknown> = {
  'not an object': 'n1',
  null: null,
  'an array': [notice],
  'no id': { ...notice, id: undefined },
  'a numeric id': { ...notice, id: 1 },
  'no message': { ...notice, message: undefined },
  'closeable as text': { ...notice, closeable: 'yes' },
  'no clickable': { ...notice, clickable: undefined },
  'static as a number': { ...notice, static: 1 },
  'static null': { ...notice, static: null },
  'body null': { ...notice, body: null },
  'body as a number': { ...notice, body: 3 },
  'no routeInfo': { ...notice, routeInfo: undefined },
  'routeInfo as text': { ...notice, routeInfo: 'home' },
  'routeInfo missing its type': { ...notice, routeInfo: { app: 'a', category: 'c' } },
  'routeInfo with a numeric app': { ...notice, routeInfo: { app: 1, category: 'c', type: 't' } },
};

describe('readNotification, compared with SystemNotificationSchema', () => {
  for (const [name, value] of Object.entries(VALID_NOTICES)) {
    it(`accepts ${name}, with the same result`, () => {
      const parsed = v.safeParse(SystemNotificationSchema, value);
      expect(parsed.success).toBe(true);
      expect(readNotification(value)).toEqual(parsed.output);
    });
  }
  for (const [name, value] of Object.entries(INVALID_NOTICES)) {
    it(`refuses ${name}, as the schema does`, () => {
      expect(v.safeParse(SystemNotificationSchema, value).success).toBe(false);
      expect(readNotification(value)).toBeNull();
    });
  }
});

describe('readCookieAnswer, compared with InitializeResponseSchema', () => {
  const valid = demoInitializeResponse({ system_notifications: [{ ...notice, static: false }] });

  const VALID_ANSWERS: Record<string, unknown> = {
    'the demo answer': valid,
    'no notices': { ...valid, system_notifications: [] },
    'every kind of notice': { ...valid, system_notifications: Object.values(VALID_NOTICES) },
    'acting as another user': { ...valid, sis: { ...valid.sis, acting_as: { original_username: 'root' } } },
  };
  const INVALID_ANSWERS: Record<string, unknown> = {
    'not an object': 'ok',
    'an array': [valid],
    'no token': { ...valid, lapi_access_token: undefined },
    'an empty token': { ...valid, lapi_access_token: '' },
    'a numeric token': { ...valid, lapi_access_token: 7 },
    'no sis': { ...valid, sis: undefined },
    'no user': { ...valid, sis: { ...valid.sis, user: undefined } },
    'is_root as text': { ...valid, sis: { ...valid.sis, user: { ...valid.sis.user, is_root: 'no' } } },
    'no is_hq': { ...valid, sis: { ...valid.sis, is_hq: undefined } },
    'acting_as without a name': { ...valid, sis: { ...valid.sis, acting_as: {} } },
    'acting_as as text': { ...valid, sis: { ...valid.sis, acting_as: 'root' } },
    'notices not a list': { ...valid, system_notifications: { 0: notice } },
    'no notices': { ...valid, system_notifications: undefined },
    ...Object.fromEntries(
      Object.entries(INVALID_NOTICES).map(([name, bad]) => [
        `one notice with ${name}`,
        { ...valid, system_notifications: [notice, bad] },
      ]),
    ),
  };

  for (const [name, answer] of Object.entries(VALID_ANSWERS)) {
    it(`accepts ${name}: the same notices and user as the schema`, () => {
      const parsed = v.parse(InitializeResponseSchema, answer);
      const read = readCookieAnswer(answer);
      expect(read).not.toBeNull();
      expect(read!.notifications).toEqual(parsed.system_notifications);
      expect(read!.sis).toEqual(parsed.sis);
      expect(read!.token).toBe(parsed.lapi_access_token);
    });
  }
  for (const [name, answer] of Object.entries(INVALID_ANSWERS)) {
    it(`refuses ${name}, as the schema does`, () => {
      expect(v.safeParse(InitializeResponseSchema, answer).success).toBe(false);
      expect(readCookieAnswer(answer)).toBeNull();
    });
  }
});
