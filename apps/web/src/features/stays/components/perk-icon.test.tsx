import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Binoculars } from 'lucide-react';
import { PERK_ICON_TYPES, PerkIcon, perkIconFor } from './perk-icon';

/** The icon a perk of this type shows, as rendered: its data attribute and lucide's class name. */
function rendered(type: string) {
  const { container, unmount } = render(<PerkIcon type={type} />);
  const svg = container.querySelector('svg')!;
  const shown = {
    marker: svg.getAttribute('data-perk-icon'),
    icon: [...svg.classList].find((c) => c.startsWith('lucide-')),
  };
  unmount();
  return shown;
}

describe('PerkIcon (docs/product.md §10: the icon by type, default safari)', () => {
  const safari = rendered('safari');

  it('gives each of the seven named types an icon of its own', () => {
    expect([...PERK_ICON_TYPES]).toEqual(['horse', 'atv', 'safari', 'winter', 'income', 'event', 'dining']);
    const shown = PERK_ICON_TYPES.map((type) => rendered(type));
    expect(shown.map((s) => s.marker)).toEqual([...PERK_ICON_TYPES]);
    // Seven different pictures, none of them missing.
    expect(shown.every((s) => s.icon)).toBe(true);
    expect(new Set(shown.map((s) => s.icon)).size).toBe(7);
    expect(perkIconFor('safari')).toBe(Binoculars);
  });

  it.each([
    'cabin',
    'activity',
    'wellness',
    'transport',
    'exclusive',
    'gift',
    'featured',
    'discount',
    'yacht',
    '',
    'Horse',
    'constructor',
    '__proto__',
    'toString',
  ])('shows the safari icon for the type %j', (type) => {
    expect(rendered(type)).toEqual(safari);
    expect(safari).toEqual({ marker: 'safari', icon: 'lucide-binoculars' });
    expect(perkIconFor(type)).toBe(Binoculars);
  });
});
