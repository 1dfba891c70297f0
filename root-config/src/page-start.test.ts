// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_START_ID, takePageStart } from './page-start';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function carry(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_START_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('takePageStart', () => {
  it('reads the answer once and takes it out of the page (it holds the access token)', () => {
    carry('{"lapi_access_token":"t","sis":{"user":{"username":"student"}}}');
    expect(takePageStart(document)).toEqual({
      lapi_access_token: 't',
      sis: { user: { username: 'student' } },
    });
    expect(document.getElementById(PAGE_START_ID)).toBeNull();
    expect(takePageStart(document)).toBeUndefined();
  });

  it('is undefined for a page without one, or with one that is not JSON (the boot then asks)', () => {
    expect(takePageStart(document)).toBeUndefined();
    expect(takePageStart(undefined)).toBeUndefined();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    carry('{"truncated":');
    expect(takePageStart(document)).toBeUndefined();
    expect(logged).toHaveBeenCalledOnce();
    expect(document.getElementById(PAGE_START_ID)).toBeNull();
  });
});
