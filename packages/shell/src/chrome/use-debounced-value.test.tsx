// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGO_DEBOUNCE_MS } from './Logo';
import { useDebouncedValue } from './use-debounced-value';

function Probe({ value }: { value: string }) {
  return <output>{useDebouncedValue(value, LOGO_DEBOUNCE_MS)}</output>;
}

describe('useDebouncedValue (the logo source, SPEC section 9: 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the old value until the new one has held for 500 ms, and skips values that did not', () => {
    const { rerender } = render(<Probe value="/atrium.svg" />);
    expect(screen.getByRole('status').textContent).toBe('/atrium.svg');
    rerender(<Probe value="/lms.svg" />);
    act(() => void vi.advanceTimersByTime(LOGO_DEBOUNCE_MS - 1));
    rerender(<Probe value="/exams.svg" />); // the user clicked on before the first change settled
    act(() => void vi.advanceTimersByTime(LOGO_DEBOUNCE_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('/atrium.svg');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('/exams.svg');
  });
});
