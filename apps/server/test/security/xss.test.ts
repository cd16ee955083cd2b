/**
 * Stored XSS: the update HTML sanitizer against filter-evasion payloads in the style of the OWASP XSS
 * Filter Evasion Cheat Sheet, and against random soups of tags, attributes, schemes, entities and quotes
 * (fast-check). What comes out must hold only the allow-listed tags and attributes, links to http(s) or
 * mailto, images from http(s) or this site, and must not change when sanitized again. The browser half
 * (a page rendering hostile content runs no script) is e2e/tests/security.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeUpdateHtml as clean } from '../../src/modules/updates/sanitize';

const ALLOWED: Record<string, readonly string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title'],
};

const decodeEntities = (v: string) =>
  v
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Whether a URL, as a browser would read the attribute, stays on http(s), mailto or this site. */
function safeUrl(raw: string, tag: 'a' | 'img'): boolean {
  // Browsers drop ASCII whitespace and control characters around and inside a scheme.
  const v = decodeEntities(raw)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0020\u007f]/g, '')
    .toLowerCase();
  if (/^https?:\/\//.test(v)) return true;
  // A link names its scheme: http(s) or mailto, never a path relative to this site.
  if (tag === 'a') return v.startsWith('mailto:');
  // An image may come from this site: a path, never '//host' or '/\host' (another origin), never a scheme.
  if (v.startsWith('//') || v.startsWith('/\\') || v.startsWith('\\')) return false;
  return !/^[a-z][a-z0-9+.-]*:/.test(v);
}

/** What is unsafe about sanitized HTML, or [] when it is only the allow-list. */
function problems(out: string): string[] {
  const found: string[] = [];
  const tag = /<(\/?)([a-zA-Z0-9]+)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(out))) {
    const name = m[2]!.toLowerCase();
    if (!(name in ALLOWED)) found.push(`tag <${name}>`);
    for (const [, attr, value] of m[3]!.matchAll(/\s+([a-zA-Z-]+)="([^"]*)"/g)) {
      const a = attr!.toLowerCase();
      if (!ALLOWED[name]?.includes(a)) found.push(`attribute ${a} on <${name}>`);
      if ((a === 'href' || a === 'src') && !safeUrl(value!, name as 'a' | 'img'))
        found.push(`${a}="${value}" on <${name}>`);
    }
  }
  // Whatever is not an allowed tag is text, with its angle brackets escaped.
  const text = out.replace(tag, '');
  if (/[<>]/.test(text)) found.push(`unescaped bracket in ${JSON.stringify(text.slice(0, 80))}`);
  if (clean(out) !== out) found.push('not stable when sanitized again');
  return found;
}

/** Filter-evasion payloads (OWASP cheat sheet style), each trying to run `alert(1)`. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=javascript:alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(1)">',
  '<IMG SRC= onmouseover="alert(1)">',
  '<IMG onmouseover="alert(1)">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(1);">',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC="jav&#x0A;ascript:alert(1);">',
  '<IMG SRC="jav&#x0D;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="/\\evil.example/">x</a>',
  '<a href="/admin/users">x</a>',
  '<a href="logout">x</a>',
  '<a href="#top">x</a>',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(1)>',
  '<SCRIPT/SRC="https://xss.example/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=https://xss.example/xss.js?< B >',
  '<SCRIPT SRC=//xss.example/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=https://xss.example/scriptlet.html <',
  '\\";alert(1);//',
  '</TITLE><SCRIPT>alert(1);</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(1);">',
  '<BODY BACKGROUND="javascript:alert(1)">',
  '<IMG DYNSRC="javascript:alert(1)">',
  '<IMG LOWSRC="javascript:alert(1)">',
  '<STYLE>li {list-style-image: url("javascript:alert(1)");}</STYLE><UL><LI>XSS</br>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<BGSOUND SRC="javascript:alert(1);">',
  '<BR SIZE="&{alert(1)}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(1);">',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<META HTTP-EQUIV="Link" Content="<https://xss.example/xss.css>; REL=stylesheet">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(1);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(1);"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(1);"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(1)">',
  '<TD BACKGROUND="javascript:alert(1)">',
  '<DIV STYLE="background-image: url(javascript:alert(1))">',
  '<DIV STYLE="width: expression(alert(1));">',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(1))">',
  '<BASE HREF="javascript:alert(1);//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<!--[if gte IE 4]><SCRIPT>alert(1);</SCRIPT><![endif]-->',
  '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(1)"></B></I></XML>',
  '<IMG SRC="javas<!-- -->cript:alert(1)">',
  '<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert(1)</SCRIPT>"></BODY></HTML>',
  '<SCRIPT a=">" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT ="blah" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT a=`>` SRC="https://xss.example/xss.js"></SCRIPT>',
  '<A HREF="http://0x42.0x0000066.0x7.0x93/">XSS</A>',
  '<A HREF="javascript:document.location=\'https://xss.example/\'">XSS</A>',
  '<p><a href="https://ok.example" onclick="alert(1)" style="x">ok</a></p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p title="&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;">x</p>',
  '<a href="https://ok.example" title="&quot; onmouseover=&quot;alert(1)">t</a>',
  '<img src="https://ok.example/a.png" alt="&quot;><script>alert(1)</script>">',
  '<form><button formaction=javascript:alert(1)>X</button></form>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<a href="https://ok.example/?q=<script>alert(1)</script>">q</a>',
  '<h1 id="x" class="y" data-x="z">t</h1>',
];

describe('the update HTML sanitizer against filter-evasion payloads', () => {
  it.each(PAYLOADS.map((p, i) => [i, p] as const))('payload %i leaves only the allow-list', (_i, payload) => {
    const out = clean(payload);
    expect(problems(out), `${payload}\n->\n${out}`).toEqual([]);
    // Words such as 'javascript:' may survive as text or inside a harmless relative image path; tags may not.
    expect(out).not.toMatch(/<(script|svg|iframe|object|embed|style|base|meta|link|form|math)\b/i);
  });

  it('keeps the safe parts of a mixed payload', () => {
    expect(clean('<p><a href="https://ok.example" onclick="alert(1)" style="x">ok</a></p>')).toBe(
      '<p><a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a></p>',
    );
  });
});

describe('the update HTML sanitizer against random soups of HTML', () => {
  const tags = fc.constantFrom(
    'p',
    'a',
    'img',
    'script',
    'SCRIPT',
    'svg',
    'math',
    'iframe',
    'style',
    'b',
    'h1',
    'li',
    'object',
    'embed',
    'form',
    'base',
    'meta',
    'link',
    'textarea',
    'title',
    'noscript',
    'template',
    'xmp',
    'div',
  );
  const attrNames = fc.constantFrom(
    'href',
    'src',
    'onerror',
    'onload',
    'ONCLICK',
    'style',
    'title',
    'alt',
    'srcdoc',
    'xlink:href',
    'formaction',
    'data',
    'background',
    'target',
    'rel',
    'class',
  );
  const schemes = fc.constantFrom(
    'javascript:',
    'JaVaScRiPt:',
    'java\tscript:',
    'jav&#x09;ascript:',
    '&#106;avascript:',
    'vbscript:',
    'data:text/html,',
    'https://ok.example/',
    'http:',
    'mailto:',
    '//',
    '/\\',
    ' ',
    '\u0001',
    '&colon;',
    '',
  );
  const quote = fc.constantFrom('"', "'", '`', '');
  const attr = fc
    .tuple(
      attrNames,
      quote,
      schemes,
      fc.constantFrom('alert(1)', 'x', '"><script>alert(1)</script>', ''),
      quote,
    )
    .map(([n, q1, s, v, q2]) => ` ${n}=${q1}${s}${v}${q2}`);
  const piece = fc.oneof(
    fc
      .tuple(tags, fc.array(attr, { maxLength: 3 }), fc.constantFrom('>', '/>', ' >', ''))
      .map(([t, as, end]) => `<${t}${as.join('')}${end}`),
    tags.map((t) => `</${t}>`),
    fc.constantFrom('<!--', '-->', '<![CDATA[', ']]>', '<', '>', '&lt;', '&#60;', '"', "'", 'text', '\u0000'),
    fc.string({ maxLength: 6 }),
  );

  it('always leaves only the allow-list, stable when sanitized again', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        const out = clean(pieces.join(''));
        expect(problems(out), `${pieces.join('')}\n->\n${out}`).toEqual([]);
      }),
      { seed: 4242, numRuns: 400 },
    );
  });
});
