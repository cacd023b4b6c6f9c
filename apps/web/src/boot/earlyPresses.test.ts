import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyPresses } from './earlyPresses.ts';

/** A server-rendered page: two stars and a link under #root, as the markup arrives. */
function serverPage(): { root: HTMLElement; stars: HTMLButtonElement[]; link: HTMLAnchorElement } {
  document.documentElement.removeAttribute('data-ready');
  document.body.innerHTML = `<div id="root"><main><p><button type="button">Follow Bears</button><button type="button">Follow Owls</button></p><a href="#schedule">Schedule</a></main></div>`;
  const root = document.getElementById('root')!;
  return { root, stars: [...root.querySelectorAll('button')], link: root.querySelector('a')! };
}

/** The site marks itself ready (SiteReady) and the observer hears it. */
async function siteReady() {
  document.documentElement.dataset.ready = '';
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A controller for each `holdEarlyPresses` of a test, so the next test starts without its listener. */
const windows: AbortController[] = [];
function pageWindow() {
  const listening = new AbortController();
  windows.push(listening);
  return {
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject, capture?: boolean) => window.addEventListener(type, listener, { capture, signal: listening.signal }),
    removeEventListener: window.removeEventListener.bind(window),
    MutationObserver,
  } as Parameters<typeof holdEarlyPresses>[1];
}

afterEach(() => {
  for (const listening of windows.splice(0)) listening.abort();
  document.documentElement.removeAttribute('data-ready');
});

describe('holdEarlyPresses', () => {
  it('holds a press before the site is ready and makes it on the same button once it is', async () => {
    const { stars } = serverPage();
    holdEarlyPresses(document, pageWindow());
    const pressed = vi.fn();
    // A handler of the site's, where part of it has taken over already: it hears the press once, at the replay.
    stars[1]!.addEventListener('click', pressed);

    stars[1]!.click();
    expect(pressed).not.toHaveBeenCalled();

    await siteReady();
    expect(pressed).toHaveBeenCalledTimes(1);
    // Ready: presses go straight to the site.
    stars[1]!.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it('makes a press on the button at the same place, saying the same, when the site rendered the page anew', async () => {
    const { root } = serverPage();
    holdEarlyPresses(document, pageWindow());
    root.querySelectorAll('button')[0]!.click();

    // The site renders a viewer's page itself: the markup is new, the same buttons in the same places.
    root.innerHTML = `<main><p><button type="button">Follow Bears</button><button type="button">Follow Owls</button></p><a href="#schedule">Schedule</a></main>`;
    const [bears, owls] = [...root.querySelectorAll('button')];
    const bearsPressed = vi.fn();
    const owlsPressed = vi.fn();
    bears!.addEventListener('click', bearsPressed);
    owls!.addEventListener('click', owlsPressed);

    await siteReady();
    expect(bearsPressed).toHaveBeenCalledTimes(1);
    expect(owlsPressed).not.toHaveBeenCalled();
  });

  it('drops a press whose place now holds another button: nothing the viewer did not press is pressed', async () => {
    const { root } = serverPage();
    holdEarlyPresses(document, pageWindow());
    root.querySelectorAll('button')[0]!.click();

    root.innerHTML = `<main><p><button type="button">Unfollow Bears</button></p></main>`;
    const other = vi.fn();
    root.querySelector('button')!.addEventListener('click', other);
    await siteReady();
    expect(other).not.toHaveBeenCalled();
  });

  it('presses a button pressed twice meanwhile once, and presses in the order they came', async () => {
    const { stars } = serverPage();
    holdEarlyPresses(document, pageWindow());
    const order: string[] = [];
    for (const star of stars) star.addEventListener('click', () => order.push(star.textContent!));

    stars[1]!.click();
    stars[1]!.click();
    stars[0]!.click();
    await siteReady();
    expect(order).toEqual(['Follow Owls', 'Follow Bears']);
  });

  it('leaves links to the browser, which follows them without the site', () => {
    const { link } = serverPage();
    holdEarlyPresses(document, pageWindow());
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(false);
  });

  it('does nothing on a page the site has taken over already', () => {
    const { stars } = serverPage();
    document.documentElement.dataset.ready = '';
    holdEarlyPresses(document, pageWindow());
    const pressed = vi.fn();
    stars[0]!.addEventListener('click', pressed);
    stars[0]!.click();
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});

/** A logged-in viewer's server page: the visitor's access panel, its link to log in. */
function visitorWatchPage(): { root: HTMLElement; login: HTMLAnchorElement; live: HTMLAnchorElement } {
  document.documentElement.removeAttribute('data-ready');
  document.body.innerHTML = `<div id="root"><nav><a href="/live">Live</a></nav><main><section><a href="/login?event_id=7">Log in to watch</a></section></main></div>`;
  const root = document.getElementById('root')!;
  const [live, login] = [...root.querySelectorAll('a')];
  return { root, login: login!, live: live! };
}

describe('holdEarlyPresses for a viewer who is logged in (holdLinks)', () => {
  it('holds a press on the visitor page’s link and drops it where the site, rendered for the viewer, shows another link', async () => {
    const { root, login } = visitorWatchPage();
    holdEarlyPresses(document, pageWindow(), { holdLinks: true });
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    login.dispatchEvent(press);
    // The browser does not follow it to the log-in page, which would send a logged-in viewer home.
    expect(press.defaultPrevented).toBe(true);

    // The site renders the viewer's own page: at the same place, their way in, to buy.
    root.innerHTML = `<nav><a href="/live">Live</a></nav><main><section><a href="/select-package/7">Buy event</a></section></main>`;
    const buy = vi.fn((event: Event) => event.preventDefault());
    root.querySelector('section a')!.addEventListener('click', buy);
    await siteReady();
    expect(buy).not.toHaveBeenCalled();
  });

  it('makes a held press on a link the viewer’s page has at the same place too', async () => {
    const { root, live } = visitorWatchPage();
    holdEarlyPresses(document, pageWindow(), { holdLinks: true });
    live.click();

    root.innerHTML = `<nav><a href="/live">Live</a></nav><main><p>Loading</p></main>`;
    const followed = vi.fn((event: Event) => event.preventDefault());
    root.querySelector('nav a')!.addEventListener('click', followed);
    await siteReady();
    expect(followed).toHaveBeenCalledTimes(1);
  });

  it('leaves a link opened in a new tab to the browser', () => {
    const { login } = visitorWatchPage();
    holdEarlyPresses(document, pageWindow(), { holdLinks: true });
    // Whether the page held it, read last on the way up; then kept from jsdom, which opens no tabs.
    let held: boolean | undefined;
    window.addEventListener(
      'click',
      (event) => {
        held = event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    login.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(held).toBe(false);
  });
});
