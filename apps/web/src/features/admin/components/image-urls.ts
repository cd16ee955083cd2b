/** Image URLs typed comma-separated: trimmed, empty entries dropped (spec section 5). */
export const parseImageUrls = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
