import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * What channel HTML may hold: text formatting, headings, lists, tables, links and images. Anything
 * that runs code or changes the page around it goes: scripts, event handlers, frames, forms (a
 * channel page must not pose as a login form), `<style>` and `style` attributes (old engines ran
 * `expression()` in CSS, and channel CSS could restyle the whole site), and SVG/MathML, which have
 * their own script and namespace tricks.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'base', 'link', 'meta'],
  FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
  ADD_ATTR: ['target'],
};

let purifier: DOMPurify | undefined;

/**
 * Our own DOMPurify instance, so its link hook never changes what another user of the global
 * instance gets. Built on first use: DOMPurify needs a DOM, and importing this module must not.
 */
function instance(): DOMPurify {
  if (purifier) return purifier;
  const created = createDOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    const target = node.getAttribute('target');
    if (node.tagName === 'A' && target === '_blank') {
      // A page opened in a new tab must not get `window.opener` (reverse tabnabbing) nor our address.
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (target !== '_self') {
      // A named target could drive another window of the site; only a new tab or this one is allowed.
      node.removeAttribute('target');
    }
  });
  purifier = created;
  return created;
}

/**
 * Server HTML (FAQ answers, static blocks, channel pages) made safe to insert with
 * `dangerouslySetInnerHTML` (server HTML is sanitised before it is shown).
 *
 * @example
 * <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(page.content) }} />
 */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, CONFIG);
}
