/**
 * Presses that land before the site has taken the page over, kept and made once it has.
 *
 * A page the server rendered is on screen, its buttons drawn, well before the site's code has
 * loaded and taken the markup over (the boot waits for the first screen's picture; a phone's CPU
 * takes its time over the code): a press on a button in between reached no handler and was lost,
 * so a visitor tapping a Follow star saw nothing. Until the site marks `<html data-ready>`
 * (`SiteReady`), a press on a button is held here, unseen by the site, and made again on the same
 * button once the site is ready. Links are left alone: they work without the site (the browser
 * follows them), and so do form fields.
 *
 * Except for a viewer who is logged in: the server renders every page as a visitor sees it, so its
 * links can be a visitor's ("Log in to watch" where the viewer would buy; the log-in page then sends
 * a logged-in viewer home, spec §2). For them a press on a link is held too, and made only where the
 * site, rendered for them, has the same link at the same place: a visitor's link is dropped, and the
 * viewer sees their own choices in its stead.
 *
 * Plain DOM code, importing nothing: it is part of the page's script (see boot.ts).
 */

/** What is pressed: the site's buttons (its links and fields work without it). */
const BUTTONS = 'button, [role="button"]';
/** What is pressed when the viewer is logged in and the server's page is a visitor's: its links too. */
const BUTTONS_AND_LINKS = `${BUTTONS}, a[href]`;

export interface EarlyPressOptions {
  /** Hold presses on links as well: the viewer is logged in, and the server's page is a visitor's. */
  holdLinks?: boolean;
}

/** Where a held press is found again when the site rendered the page anew instead of taking it over. */
interface HeldPress {
  element: Element;
  /** Child positions from `#root` down to the button. */
  path: number[];
  /** What it said, so a different button at the same place is never pressed in its stead. */
  label: string;
}

export type EarlyPressWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  MutationObserver: typeof MutationObserver;
};

function labelOf(element: Element): string {
  // A link's address is part of what it says: the same words may lead elsewhere for this viewer.
  return `${element.tagName}|${element.getAttribute('aria-label') ?? ''}|${element.getAttribute('href') ?? ''}|${(element.textContent ?? '').trim()}`;
}

function pathFrom(root: Element, element: Element): number[] | null {
  const path: number[] = [];
  for (let node: Element | null = element; node !== root; node = node.parentElement) {
    if (!node?.parentElement) return null;
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

function follow(root: Element, path: readonly number[]): Element | null {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node ?? null;
}

/**
 * The button a held press is for now the site is ready: the same element where the site took the
 * markup over, else the one at its place saying the same, else none (the press is dropped rather
 * than made on something the viewer did not press).
 */
function pressedNow(root: Element, held: HeldPress): Element | null {
  if (held.element.isConnected) return held.element;
  const found = follow(root, held.path);
  return found && labelOf(found) === held.label ? found : null;
}

/**
 * Holds presses on the page's buttons until the site is ready, then makes each once, in the order
 * they came (a button pressed twice meanwhile is pressed once: the viewer wanted it to act).
 * Does nothing on a page that is not the site's, or that is ready already.
 */
export function holdEarlyPresses(doc: Document, win: EarlyPressWindow, options: EarlyPressOptions = {}): void {
  const root = doc.getElementById('root');
  const html = doc.documentElement;
  if (!root || html.dataset.ready !== undefined) return;
  const held: HeldPress[] = [];
  const pressable = options.holdLinks ? BUTTONS_AND_LINKS : BUTTONS;

  const onClick = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest(pressable);
    if (!button || !root.contains(button) || (button as HTMLButtonElement).disabled) return;
    // A link opened elsewhere (a new tab or window) is the browser's: it is not this page's to hold.
    if (button.tagName === 'A' && event instanceof MouseEvent && (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return;
    // Before the site: the press is the page script's alone (the site's own handlers, where some
    // part is already taken over, would act on it a second time at the replay).
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.some((press) => press.element === button)) return;
    const path = pathFrom(root, button);
    if (path) held.push({ element: button, path, label: labelOf(button) });
  };

  const ready = new win.MutationObserver(() => {
    if (html.dataset.ready === undefined) return;
    ready.disconnect();
    win.removeEventListener('click', onClick, true);
    for (const press of held.splice(0)) {
      const button = pressedNow(root, press);
      if (button instanceof HTMLElement) button.click();
    }
  });
  // On the window, capturing: before any listener of the page's own, the site's included.
  win.addEventListener('click', onClick, true);
  ready.observe(html, { attributes: true, attributeFilter: ['data-ready'] });
}
