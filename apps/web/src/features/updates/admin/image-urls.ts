/** Image URLs typed comma-separated: trimmed, empty entries dropped (docs/product.md §18). */
export const parseImageUrls = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
