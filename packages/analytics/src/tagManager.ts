/** The attribute that marks the one tag manager script this module adds. */
const SCRIPT_MARK = 'data-grandstand-tag-manager';

/**
 * Whether analytics stays off on this host: spec §9 "Analytics skips the localhost host", so local
 * development and test runs never count as visits.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]' || host === '::1';
}

/**
 * Loads the tag manager script for the channel's tracking id (settings `google-analytics`; spec §7
 * "A tag-manager script is loaded by tracking id"). Done once per document: a second call, with any
 * id, changes nothing. Nothing is loaded without an id or on a local host (spec §9).
 *
 * @returns true when this call added the script
 * @example loadTagManager(settings['google-analytics'])
 */
export function loadTagManager(id: string | null, doc?: Document): boolean {
  const document = doc ?? (typeof globalThis.document === 'undefined' ? undefined : globalThis.document);
  const trackingId = id?.trim();
  if (!document || !trackingId) return false;
  if (isLocalHost(document.location?.hostname ?? '')) return false;
  if (document.querySelector(`script[${SCRIPT_MARK}]`)) return false;

  // The tag manager's own start event, as its snippet pushes it, before the script loads.
  const view = document.defaultView as (Window & { dataLayer?: unknown[] }) | null;
  if (view) {
    view.dataLayer ??= [];
    view.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(trackingId)}`;
  script.setAttribute(SCRIPT_MARK, trackingId);
  document.head.appendChild(script);
  return true;
}
