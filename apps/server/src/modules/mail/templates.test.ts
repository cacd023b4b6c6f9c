import { describe, expect, it } from 'vitest';
import { linkifyText } from './outboxPage.ts';
import { passwordResetMail, verificationMail } from './templates.ts';

const link = 'http://alpha.localhost/verify-email?email=a%40b.c&expires=1&signature=s';

describe('mail templates', () => {
  it('name the channel in its language, in text and HTML', () => {
    const en = verificationMail({ channelName: 'Alpha Sports', language: 'en', firstName: 'Dana', link });
    expect(en.subject).toBe('Verify your email address for Alpha Sports');
    expect(en.text).toContain(link);
    expect(en.html).toContain('<html lang="en">');
    const fr = passwordResetMail({ channelName: 'Bravo Sports', language: 'fr', firstName: null, link });
    expect(fr.subject).toBe('Réinitialisez votre mot de passe Bravo Sports');
    expect(fr.text.startsWith('Bonjour,')).toBe(true);
    expect(fr.html).toContain('<html lang="fr">');
  });

  it('escape names in the HTML', () => {
    const mail = verificationMail({ channelName: 'A & <B>', language: 'en', firstName: '<script>x</script>', link });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('A &amp; &lt;B&gt;');
    expect(mail.html).toContain('href="http://alpha.localhost/verify-email?email=a%40b.c&amp;expires=1&amp;signature=s"');
  });
});

describe('outbox text', () => {
  it('escapes everything and makes only http(s) addresses links', () => {
    expect(linkifyText('<i>hi</i> https://x.test/a?b=1&c=2 javascript:alert(1)')).toBe(
      '&lt;i&gt;hi&lt;/i&gt; <a href="https://x.test/a?b=1&amp;c=2">https://x.test/a?b=1&amp;c=2</a> javascript:alert(1)',
    );
  });
});
