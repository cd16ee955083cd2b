import { describe, expect, it } from 'vitest';
import { sanitizeUpdateHtml as clean } from './sanitize';

describe('sanitizeUpdateHtml', () => {
  it('keeps the paragraphs and line breaks of content written as text', () => {
    expect(clean('## Forecast\n- December: **92%**\n- Christmas week: full\r\n\r\nBook early.\n')).toBe(
      '<p>## Forecast<br />- December: **92%**<br />- Christmas week: full</p><p>Book early.</p>',
    );
    expect(clean('One line <strong>bold</strong>\n\n\n  next <script>x</script>line')).toBe(
      '<p>One line <strong>bold</strong></p><p>next line</p>',
    );
    expect(clean('A single line')).toBe('A single line');
    expect(clean('<script><p></script>a\nb')).toBe('<p>a<br />b</p>');
    const spanning = clean('<strong>a\n\nb</strong>');
    expect(clean(spanning)).toBe(spanning);
  });

  it('leaves the line breaks of content laid out with HTML as they are', () => {
    expect(clean('<h2>Season</h2>\n<p>Occupancy\n81%</p>\n<ul>\n<li>one</li>\n</ul>')).toBe(
      '<h2>Season</h2>\n<p>Occupancy\n81%</p>\n<ul>\n<li>one</li>\n</ul>',
    );
  });

  it('keeps the allowed HTML as written', () => {
    const safe =
      '<h2>Season</h2><p>Occupancy <strong>81%</strong>, <em>rising</em>, <b>b</b> <i>i</i><br /></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><h6>small</h6>';
    expect(clean(safe)).toBe(
      '<h2>Season</h2><p>Occupancy <strong>81%</strong>, <em>rising</em>, <b>b</b> <i>i</i><br /></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><h6>small</h6>',
    );
  });

  it('keeps http(s) and mailto links and opens them in a new tab without an opener', () => {
    expect(clean('<a href="https://example.com/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(clean('<a href="mailto:ir@example.com" target="_self" rel="opener">m</a>')).toBe(
      '<a href="mailto:ir@example.com" target="_blank" rel="noopener noreferrer nofollow">m</a>',
    );
  });

  it('drops relative links: a link names http(s) or mailto', () => {
    for (const href of [
      '/x',
      '/admin/users',
      'x',
      './x',
      '../x',
      '#top',
      '?q=1',
      '',
      ' /x',
      '\\x',
      'HTTPS//x',
    ]) {
      const out = clean(`<p><a href="${href}">x</a></p>`);
      expect(out, href).toBe('<p><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
    }
    expect(clean('<a href=" https://example.com/">x</a>')).toContain('href=" https://example.com/"');
    expect(clean('<a href="HTTP://example.com/">x</a>')).toContain('href="HTTP://example.com/"');
    expect(clean('<a href="MailTo:ir@example.com">x</a>')).toContain('href="MailTo:ir@example.com"');
  });

  it('keeps images from http(s) and from this site', () => {
    expect(clean('<img src="/demo/photos/a.jpg" alt="Lake">')).toBe(
      '<img src="/demo/photos/a.jpg" alt="Lake" />',
    );
    expect(clean('<img src="https://cdn.example.com/a.jpg">')).toBe(
      '<img src="https://cdn.example.com/a.jpg" alt="" />',
    );
    expect(clean('<img src="photos/a.jpg">')).toBe('<img src="photos/a.jpg" alt="" />');
  });

  it('removes scripts with their content, event handlers and style', () => {
    expect(clean('<p>hi<script>alert(1)</script></p><script src="/x.js"></script>')).toBe('<p>hi</p>');
    expect(clean('<p onclick="alert(1)" style="color:red" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(clean('<img src="/a.jpg" onerror="alert(1)">')).toBe('<img src="/a.jpg" alt="" />');
    expect(clean('<style>p{}</style><p>a</p>')).toBe('<p>a</p>');
  });

  it('removes javascript:, data: and other schemes from links and images, however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ]) {
      const out = clean(`<a href="${href}">x</a>`);
      expect(out, href).not.toMatch(/href/);
      expect(out).toContain('>x</a>');
    }
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(clean('<img src="mailto:a@b.c">')).toBe('');
    expect(clean('<img src="//evil.example/x.png">')).toBe('');
    expect(clean('<img src="/\\evil.example/x.png">')).toBe('');
  });

  it('removes iframes, svg, objects and forms entirely', () => {
    expect(clean('<iframe src="https://evil.example"></iframe><p>a</p>')).toBe('<p>a</p>');
    expect(clean('<iframe srcdoc="<script>alert(1)</script>">text</iframe>')).toBe('');
    expect(clean('<svg onload="alert(1)"><script>alert(1)</script><text>t</text></svg>')).toBe('');
    expect(clean('<object data="x.swf"></object><embed src="x.swf">')).toBe('');
    expect(clean('<form action="/x"><input name="a"><button>Go</button></form>')).toBe('Go');
    expect(clean('<math><mi xlink:href="javascript:alert(1)">x</mi></math>')).toBe('');
  });

  it('escapes what is left as text', () => {
    expect(clean('<p>1 < 2 & "q"</p>')).toBe('<p>1 &lt; 2 &amp; "q"</p>');
    expect(clean('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
  });
});
