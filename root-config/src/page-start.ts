/**
 * The start-up answer a signed-in page comes with: the server answered initialize for the
 * session the cookie names and put the answer in the page as a JSON data block (the server's
 * html/signed-in-page.ts), so the boot starts without a request. Taken once: the element leaves the page
 * as it is read (the answer holds the access token, which lives in the api client's memory only).
 */
export const PAGE_START_ID = 'atrium-start';

/** The parsed answer, or undefined when the page has none or it is not JSON (the boot then asks). */
export function takePageStart(doc: Document | undefined): unknown {
  const element = doc?.getElementById(PAGE_START_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch (error) {
    console.error('[atrium] the page start-up answer is not JSON', error);
    return undefined;
  }
}
