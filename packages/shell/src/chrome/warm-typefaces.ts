/**
 * Typefaces looked up ahead of the screen that draws them.
 *
 * The first time a page lays out text in a new weight and size, the browser resolves the font for it: on
 * Linux a Chromium renderer asks the browser process over a synchronous call for each new weight and size
 * (traced at 4x CPU: about 5 ms each, six of them in the frame that first shows home after a sign-in). The
 * login page draws only some of home's type, so the rest was resolved inside that frame, while the person
 * waited. The fonts stay resolved for the life of the page once any text has used them, so laying out a
 * hidden line of each one before the sign-in moves that work into the time the person spends typing.
 *
 * The lines hold the screen's own words: shaping them once fills the browser's glyph and word caches for
 * that font, which the first frame then finds (traced: that frame's layout about 10 ms shorter at 4x than
 * with a short sample).
 */
import { nextTask } from '../next-task';

/**
 * The kit's font stack (@atrium/ui kit.css's `--atr-font`; a test keeps the two equal). Here rather than in
 * the kit: only the shell's early start uses this, and the kit is a module the login page downloads.
 */
export const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** One weight and size a screen draws text in (`size` as CSS, in rem like the stylesheets). */
export interface TypeSample {
  weight: number;
  size: string;
}

export interface WarmTypefacesOptions {
  doc?: Document;
  /** Tests pass their own to look between the lines. */
  yieldTask?: () => Promise<void>;
}

/**
 * Lays out one hidden line of `text` per sample, each in a task of its own, then removes them. Never shown
 * and never read by assistive technology (`visibility: hidden`, `aria-hidden`), and set through the CSSOM,
 * which the page's style-src policy allows where a style attribute would not be.
 */
export async function warmTypefaces(
  samples: readonly TypeSample[],
  text: string,
  { doc = document, yieldTask = nextTask }: WarmTypefacesOptions = {},
): Promise<void> {
  const holder = doc.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  Object.assign(holder.style, {
    position: 'fixed',
    left: '0',
    top: '0',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    visibility: 'hidden',
    pointerEvents: 'none',
    contain: 'strict',
  });
  doc.body.append(holder);
  try {
    for (const { weight, size } of samples) {
      const line = doc.createElement('span');
      line.style.font = `${weight} ${size} ${FONT_STACK}`;
      line.style.whiteSpace = 'nowrap';
      line.textContent = text;
      holder.append(line);
      // Reading a size lays the line out now, in this task: that is when the font is looked up.
      void line.offsetWidth;
      await yieldTask();
    }
  } finally {
    holder.remove();
  }
}
