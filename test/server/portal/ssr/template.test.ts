/**
 * The page template (server/portal/ssr/template.ts), cut once at its placeholders and script
 * tags: every script tag of the template carries the page's nonce, and inserted values land in
 * their places as they are (a `$` stays a `$`), escaped where they are text.
 */
import t from 'tap';
import { compileTemplate } from '#server/portal/ssr/template.ts';

const source = [
  '<!doctype html><html lang="ko"><head><meta charset="utf-8"><!-- head --><script type="module" src="/a.js"></script>',
  '<script>1</script></head><body><div id="root"><!-- element --></div><script src="/b.js"></script><!-- footer -->',
  '<!-- hydration --><script>2</script><scripts-not-a-tag></body></html>',
].join('');
const template = compileTemplate(source);
const meta = { title: 'a $& <b>', pageTitle: 'p', description: 'd "q"', ogType: 'website' as const, url: 'http://x/y?a=1&b=2', siteName: 's' };

t.test('the nonce goes into every script tag of the template, and nowhere else', async (t) => {
  const head = template.head({ meta, nonce: 'n0+/=', preload: ['/m.js'], htmlAttributes: { 'data-size': 'large' } });
  const tail = template.tail({ dataJson: '{"x":"<script $&"}', nonce: 'n0+/=', fontsCss: '/f.css', footer: '<footer>$&</footer>' });
  t.equal(head.match(/<script\b/g)?.length, 2);
  t.equal(head.match(/<script nonce="n0\+\/="/g)?.length, 2);
  t.match(head, '<html lang="ko" data-size="large">');
  t.match(head, '<title>a $&amp; &lt;b&gt;</title>');
  t.match(head, '<link rel="modulepreload" crossorigin href="/m.js">');
  t.notMatch(head, '<!-- head -->');
  t.match(tail, '<script nonce="n0+/=" src="/b.js"></script><footer>$&</footer><script nonce="n0+/=" type="application/json"');
  t.match(tail, '{"x":"<script $&"}</script>', 'the data is put in as it is, never searched for script tags');
  t.match(tail, '<script nonce="n0+/=">2</script><scripts-not-a-tag>');
  t.notMatch(tail, '<!-- footer -->');
});

t.test('without a nonce the template is left as it is', async (t) => {
  const head = template.head({ meta, nonce: undefined, preload: [] });
  const tail = template.tail({ dataJson: '{}', nonce: undefined });
  t.ok(head.startsWith('<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>'));
  t.ok(head.endsWith('<script type="module" src="/a.js"></script><script>1</script></head><body><div id="root">'));
  t.equal(tail, '</div><script src="/b.js"></script><script type="application/json" id="__portal_data">{}</script><script>2</script><scripts-not-a-tag></body></html>');
});

t.test('a template without a placeholder is refused', async (t) => {
  t.throws(() => compileTemplate('<html lang="ko"><head></head><body><!-- element --><!-- hydration --></body></html>'), /head/);
  t.throws(() => compileTemplate('<html lang="ko"><head><!-- head --></head><body><!-- element --></body></html>'), /hydration/);
  t.throws(() => compileTemplate('<html><head><!-- head --></head><body><!-- element --><!-- hydration --></body></html>'), /html/);
});
