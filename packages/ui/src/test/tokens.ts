/**
 * What the browser computes for `property` set to the theme token `variable` (`--gs-surface`), read
 * on a probe element: a story's element can be checked against its channel's token, whatever the
 * channel. Stories only: jsdom, where the unit tests run, does not resolve CSS variables.
 */
export function tokenValue(property: string, variable: string): string {
  const probe = document.createElement('div');
  probe.style.setProperty(property, `var(${variable})`);
  document.body.append(probe);
  try {
    return getComputedStyle(probe).getPropertyValue(property);
  } finally {
    probe.remove();
  }
}
