import sanitizeHtml from 'sanitize-html';

/** Links are absolute http(s) or mailto URLs; browsers ignore whitespace and control characters in them. */
const LINK_SCHEME = /^(https?|mailto):/i;
// eslint-disable-next-line no-control-regex
const withoutControls = (url: string) => url.replace(/[\u0000-\u0020\u007f]+/g, '');

/**
 * The allow-list of update HTML (issue 4): headings, paragraphs, lists, links with http(s)/mailto only,
 * emphasis, and images from http(s) or this site. Everything else is removed when the update is written,
 * so what is stored can be rendered as is; the content of script-like elements goes with them.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // '//evil.example/x.png' is another origin even without a scheme.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'frame',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
  ],
  transformTags: {
    // Links must name their scheme: a relative href ('/x', 'x', '#x', '?q') is dropped like any other
    // scheme outside the list, so an update cannot link into the portal itself. Links leave the
    // portal in a new tab without giving the other site a handle on this one.
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...(href !== undefined && LINK_SCHEME.test(withoutControls(href)) ? { href } : {}),
        ...attribs,
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
    // An image without a description is announced as decorative rather than by its file name.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
  },
  // An image without a usable source is dropped rather than kept as an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** An element that lays out its own lines: content holding one is HTML written with its structure. */
const BLOCK_TAG = /<\/?(?:h[1-6]|p|br|ul|ol|li)\b/i;

/**
 * Content written as text keeps its paragraphs and line breaks (issue 30): a blank line starts a new
 * paragraph, a single line break stays one. Content that lays out its lines with HTML is left as written.
 */
function withLineBreaks(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .trim()
          .split(/[ \t]*\n[ \t]*/)
          .join('<br />')}</p>`,
    )
    .join('');
}

export function sanitizeUpdateHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (!/[\r\n]/.test(clean) || BLOCK_TAG.test(clean)) return clean;
  // Checked on the allowed HTML (a tag inside a removed script does not count); the paragraphs go
  // through the allow-list again, which also closes an emphasis that spanned a blank line.
  return sanitizeHtml(withLineBreaks(clean), OPTIONS).trim();
}
