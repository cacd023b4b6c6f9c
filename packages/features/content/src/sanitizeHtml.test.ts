import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml.ts';

function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = sanitizeHtml(html);
  return root;
}

describe('sanitizeHtml', () => {
  it('keeps the formatting channel pages use', () => {
    const html = '<h2>Where the money goes</h2><p>Passes <strong>fund</strong> <em>cameras</em>.</p><ul><li>Lincoln</li></ul><a href="/contacts">contact form</a><img src="/logo.png" alt="Logo">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const root = parse(
      '<p onclick="steal()">Hi</p><script>steal()</script><img src=x onerror="steal()"><a href="javascript:steal()">x</a><a href=" JaVaScRiPt:steal()">y</a><svg><script>steal()</script></svg>',
    );
    expect(root.querySelector('script, svg')).toBeNull();
    expect(root.innerHTML).not.toMatch(/steal|onerror|onclick|javascript/i);
    expect(root.querySelector('p')).toHaveTextContent('Hi');
  });

  it('drops frames, forms, objects and base tags', () => {
    const root = parse(
      '<iframe src="https://evil.example"></iframe><iframe srcdoc="<script>x</script>"></iframe><form action="https://evil.example"><input name="password"><button>Log in</button></form><object data="x.swf"></object><embed src="x.swf"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
    );
    expect(root.querySelector('iframe, form, input, button, object, embed, base, meta')).toBeNull();
    expect(root.innerHTML).not.toContain('evil.example');
  });

  it('drops style sheets and style attributes, expressions included', () => {
    const root = parse('<style>body{display:none}</style><p style="width: expression(alert(1)); background: url(javascript:alert(1))">Text</p>');
    expect(root.querySelector('style, [style]')).toBeNull();
    expect(root).toHaveTextContent('Text');
    expect(root.innerHTML).not.toMatch(/expression|alert/);
  });

  it('survives mutation-XSS tricks', () => {
    const root = parse('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><math><mtext><table><mglyph><style><img src=x onerror=alert(1)>');
    expect(root.querySelector('[onerror], math')).toBeNull();
    expect(root.innerHTML).not.toContain('onerror=');
  });

  it('gives links opened in a new tab rel="noopener noreferrer"', () => {
    const root = parse('<a href="https://example.org" target="_blank" rel="opener">Partner</a>');
    const link = root.querySelector('a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('removes named targets and leaves ordinary links alone', () => {
    const root = parse('<a href="/faq" target="opener-window">FAQ</a><a href="/about">About</a>');
    const [named, plain] = root.querySelectorAll('a');
    expect(named).not.toHaveAttribute('target');
    expect(plain).not.toHaveAttribute('rel');
    expect(plain).toHaveAttribute('href', '/about');
  });

  it('returns an empty string for empty or hostile-only input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('<script>alert(1)</script>')).toBe('');
  });
});
