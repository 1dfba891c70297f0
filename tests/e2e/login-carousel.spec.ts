/** The app showcase (items 6-7): timing with page.clock, by hand, pause, narrow screens. */
import { expect, test } from '@playwright/test';
import { carouselOrder, currentSlide, openLogin } from './login-helpers';

const INTERVAL = 20_000;

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('advances every 20 s, and not before', async ({ page }) => {
    await page.clock.install();
    await openLogin(page);
    const order = await carouselOrder(page);
    // Freeze the page's time, then restart the interval from a known instant (Pause, Play): on a busy
    // machine the page may have spent seconds of real time loading. The pause is set 2 s ahead: 100 ms
    // ahead was already the past by the time the call arrived once in a fresh-clone run (the clock cannot
    // go back); the time run through on the way does not matter, as Pause and Play restart the interval.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2_000));
    await page.getByRole('button', { name: 'Pause slide show' }).click();
    await page.getByRole('button', { name: 'Play slide show' }).click();
    await page.mouse.move(5, 5);
    await expect(currentSlide(page)).toHaveText(order[0]!);
    await page.clock.runFor(INTERVAL - 1);
    await expect(currentSlide(page)).toHaveText(order[0]!);
    await page.clock.runFor(1);
    await expect(currentSlide(page)).toHaveText(order[1]!);
    await expect(page.getByRole('tab', { name: order[1]! })).toHaveAttribute('aria-selected', 'true');
  });

  test('the order differs between loads', async ({ page }) => {
    const orders = new Set<string>();
    for (let load = 0; load < 4 && orders.size < 2; load++) {
      await openLogin(page);
      const order = await carouselOrder(page);
      expect(order).toHaveLength(7);
      orders.add(order.join('|'));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  test('an entry picked by hand shows at once, by mouse and by keyboard', async ({ page }) => {
    await openLogin(page);
    const order = await carouselOrder(page);
    await page.getByRole('tab', { name: order[3]! }).click();
    await expect(currentSlide(page)).toHaveText(order[3]!);
    await page.keyboard.press('ArrowRight');
    await expect(currentSlide(page)).toHaveText(order[4]!);
    await expect(page.getByRole('tab', { name: order[4]! })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(currentSlide(page)).toHaveText(order[0]!);
  });

  test('Pause stops rotation and Play resumes it', async ({ page }) => {
    await page.clock.install();
    await openLogin(page);
    const order = await carouselOrder(page);
    await page.getByRole('button', { name: 'Pause slide show' }).click();
    await page.mouse.move(5, 5); // leave the carousel: hover alone would also stop it
    await page.clock.runFor(INTERVAL * 3);
    await expect(currentSlide(page)).toHaveText(order[0]!);
    await page.getByRole('button', { name: 'Play slide show' }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(INTERVAL);
    await expect(currentSlide(page)).toHaveText(order[1]!);
  });

  test('rotation stops while hovered and once keyboard focus enters', async ({ page }) => {
    await page.clock.install();
    await openLogin(page);
    const order = await carouselOrder(page);
    await currentSlide(page).hover();
    await page.clock.runFor(INTERVAL * 2);
    await expect(currentSlide(page)).toHaveText(order[0]!);
    await page.mouse.move(5, 5);
    await page.clock.runFor(INTERVAL);
    await expect(currentSlide(page)).toHaveText(order[1]!);
    await page.getByRole('tab', { name: order[1]! }).focus();
    await page.mouse.move(5, 5);
    await expect(page.getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.clock.runFor(INTERVAL * 2);
    await expect(currentSlide(page)).toHaveText(order[1]!);
  });

  test('no rotation under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await openLogin(page);
    const order = await carouselOrder(page);
    await expect(page.getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.clock.runFor(INTERVAL * 2);
    await expect(currentSlide(page)).toHaveText(order[0]!);
  });

  test('the WAI-ARIA carousel roles and names', async ({ page }) => {
    await openLogin(page);
    const region = page.getByRole('region', { name: 'Apps of the suite' });
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(region.getByRole('tablist', { name: 'Choose an app' }).getByRole('tab')).toHaveCount(7);
    const slide = region.getByRole('tabpanel');
    await expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    await expect(slide).toHaveAttribute('aria-label', '1 of 7');
    await expect(slide.getByRole('img')).toHaveAttribute('alt', / logo$/);
  });
});

test.describe('at 800 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('does not advance, and is a separate view toggled by a button', async ({ page }) => {
    await page.clock.install();
    await openLogin(page);
    const region = page.getByRole('region', { name: 'Apps of the suite' });
    await expect(region).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Explore the Apps' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(region).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Back to Sign In' })).toBeFocused();
    // Nothing rotates here, so there is nothing to pause or play.
    await expect(page.getByRole('button', { name: /(Pause|Play) slide show/ })).toHaveCount(0);
    const first = await currentSlide(page).textContent();
    await page.mouse.move(5, 5);
    await page.getByRole('button', { name: 'Back to Sign In' }).blur();
    await page.clock.runFor(INTERVAL * 3);
    await expect(currentSlide(page)).toHaveText(first!);
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(region).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  });
});
