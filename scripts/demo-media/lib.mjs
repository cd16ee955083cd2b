// Small helpers for building the illustrated demo scenes as SVG strings.
// Everything is deterministic (seeded PRNG), so regenerating gives the same pictures.

export const W = 1280;
export const H = 800;

export const f = (n) => Math.round(n * 10) / 10;

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Scene {
  constructor(seed) {
    this.random = mulberry32(seed);
    this.defs = [];
    this.body = [];
    this.n = 0;
    this.filterCache = new Map();
  }

  rand(a = 0, b = 1) {
    return a + (b - a) * this.random();
  }

  pick(list) {
    return list[Math.floor(this.random() * list.length)];
  }

  uid(prefix) {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  def(markup) {
    this.defs.push(markup);
  }

  add(...markup) {
    this.body.push(...markup);
  }

  /** stops: [offset, color, opacity?][] ; default direction is top -> bottom */
  linear(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
    const id = this.uid('lg');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.def(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, user = false } = {}) {
    const id = this.uid('rg');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    const focus = fx !== undefined ? ` fx="${fx}" fy="${fy}"` : '';
    this.def(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${focus}${units}>${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  blur(sx, sy = sx) {
    const key = `${sx}_${sy}`;
    if (!this.filterCache.has(key)) {
      const id = this.uid('bl');
      this.def(
        `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sx} ${sy}"/></filter>`,
      );
      this.filterCache.set(key, `url(#${id})`);
    }
    return this.filterCache.get(key);
  }

  clip(markup) {
    const id = this.uid('cp');
    this.def(`<clipPath id="${id}">${markup}</clipPath>`);
    return `url(#${id})`;
  }

  mask(markup) {
    const id = this.uid('mk');
    this.def(
      `<mask id="${id}" maskUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}">${markup}</mask>`,
    );
    return `url(#${id})`;
  }

  svg() {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
      `<defs>${this.defs.join('\n')}</defs>`,
      this.body.join('\n'),
      '</svg>',
      '',
    ].join('\n');
  }
}

function stopsMarkup(stops) {
  return stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a !== 1 ? ` stop-opacity="${a}"` : ''}/>`)
    .join('');
}

// ---------------------------------------------------------------- geometry

/** Jagged mountain ridge by midpoint displacement. Returns [[x, y], ...]. */
export function ridge(s, { x0 = -20, x1 = W + 20, y, amp, rough = 0.52, levels = 7, tilt = 0, anchors }) {
  let pts = anchors
    ? anchors.map(([x, yy]) => [x, yy])
    : [
        [x0, y + s.rand(-amp, amp) * 0.5],
        [x1, y + tilt + s.rand(-amp, amp) * 0.5],
      ];
  let a = amp;
  for (let l = 0; l < levels; l += 1) {
    const next = [pts[0]];
    for (let i = 1; i < pts.length; i += 1) {
      const [ax, ay] = pts[i - 1];
      const [bx, by] = pts[i];
      next.push([(ax + bx) / 2 + s.rand(-0.15, 0.15) * (bx - ax), (ay + by) / 2 + s.rand(-a, a)]);
      next.push([bx, by]);
    }
    pts = next;
    a *= rough;
  }
  return pts;
}

/** Smooth rolling hills from a sum of sines. */
export function hills(s, { x0 = -20, x1 = W + 20, y, waves, step = 8 }) {
  const ph = waves.map(() => s.rand(0, Math.PI * 2));
  const pts = [];
  for (let x = x0; x <= x1 + step; x += step) {
    let yy = y;
    waves.forEach(([amp, len], i) => {
      yy += amp * Math.sin((x / len) * Math.PI * 2 + ph[i]);
    });
    pts.push([x, yy]);
  }
  return pts;
}

export function line(pts) {
  return pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)},${f(y)}`).join('');
}

/** Closed area under a line down to `bottom`. */
export function area(pts, bottom = H) {
  const first = pts[0];
  const last = pts[pts.length - 1];
  return `M${f(first[0])},${f(bottom)}${line(pts).replace(/^M/, 'L')}L${f(last[0])},${f(bottom)}Z`;
}

/** y of a polyline at x (linear interpolation). */
export function yAt(pts, x) {
  if (x <= pts[0][0]) return pts[0][1];
  for (let i = 1; i < pts.length; i += 1) {
    if (pts[i][0] >= x) {
      const [ax, ay] = pts[i - 1];
      const [bx, by] = pts[i];
      return ay + ((by - ay) * (x - ax)) / (bx - ax || 1);
    }
  }
  return pts[pts.length - 1][1];
}

export function poly(points) {
  return `M${points.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z`;
}

// ---------------------------------------------------------------- nature

/** A spruce / pine silhouette standing on (x, base). Returns a path `d`. */
export function spruce(s, x, base, h, w = h * 0.42) {
  const tiers = Math.max(4, Math.round(h / 11));
  const trunkH = h * 0.06;
  const top = base - h;
  const crownBase = base - trunkH;
  const left = [];
  const right = [];
  for (let i = 0; i < tiers; i += 1) {
    const t = i / tiers;
    const ty = crownBase - (crownBase - top) * t * 0.96;
    const tw = (w / 2) * (1 - t) ** 0.95 * s.rand(0.8, 1.15);
    const th = ((crownBase - top) / tiers) * 1.0;
    left.push([x - tw, ty + s.rand(0, th * 0.15)], [x - tw * 0.35, ty - th * 0.75]);
    right.push([x + tw * s.rand(0.85, 1.1), ty + s.rand(0, th * 0.15)], [x + tw * 0.35, ty - th * 0.75]);
  }
  const tw = Math.max(1, w * 0.05);
  const pts = [
    [x - tw, base],
    [x - tw, crownBase],
    ...left,
    [x, top],
    ...right.reverse(),
    [x + tw, crownBase],
    [x + tw, base],
  ];
  return poly(pts);
}

/** Snow caps on a spruce (use with the same random state -> call right after spruce with similar params). */
export function spruceSnow(s, x, base, h, w = h * 0.42) {
  const tiers = Math.max(4, Math.round(h / 11));
  const top = base - h;
  const crownBase = base - h * 0.06;
  let d = '';
  for (let i = 0; i < tiers; i += 1) {
    const t = i / tiers;
    const ty = crownBase - (crownBase - top) * t * 0.96;
    const tw = (w / 2) * (1 - t) ** 0.95 * 0.9;
    const th = (crownBase - top) / tiers;
    const thick = th * s.rand(0.16, 0.3);
    d += poly([
      [x - tw, ty - 1],
      [x - tw * 0.35, ty - th * 0.8],
      [x, ty - th * 0.9],
      [x + tw * 0.35, ty - th * 0.8],
      [x + tw, ty - 1],
      [x + tw * 0.85, ty - 1 + thick * 0.6],
      [x + tw * 0.3, ty - th * 0.8 + thick],
      [x - tw * 0.3, ty - th * 0.8 + thick],
      [x - tw * 0.85, ty - 1 + thick * 0.6],
    ]);
  }
  d += poly([
    [x - 3, top + h * 0.06],
    [x, top],
    [x + 3, top + h * 0.06],
  ]);
  return d;
}

/** A row of spruces along a ground line `groundY(x)`; returns one path `d`. */
export function forest(s, { x0 = -30, x1 = W + 30, ground, hMin, hMax, gap = [0.25, 0.6], wRatio = 0.42 }) {
  let d = '';
  let x = x0;
  while (x < x1) {
    const h = s.rand(hMin, hMax);
    d += spruce(s, x, ground(x) + h * 0.04, h, h * wRatio * s.rand(0.85, 1.15));
    x += h * wRatio * s.rand(gap[0], gap[1]);
  }
  return d;
}

/** Rounded deciduous crown made of blobs. Returns markup. */
export function leafyTree(s, { x, base, h, r, trunk = '#4a3222', colors, trunkW = r * 0.16 }) {
  let out = `<path d="M${f(x - trunkW)},${f(base)}L${f(x - trunkW * 0.6)},${f(base - h + r * 0.6)}L${f(x + trunkW * 0.6)},${f(base - h + r * 0.6)}L${f(x + trunkW)},${f(base)}Z" fill="${trunk}"/>`;
  const cy = base - h;
  // a few branches
  out += `<path d="M${f(x)},${f(cy + r * 0.9)} l${f(-r * 0.45)},${f(-r * 0.5)} M${f(x)},${f(cy + r * 0.6)} l${f(r * 0.4)},${f(-r * 0.45)}" stroke="${trunk}" stroke-width="${f(trunkW * 0.7)}" fill="none" stroke-linecap="round"/>`;
  const n = 34;
  for (let i = 0; i < n; i += 1) {
    const k = i / n; // later blobs are lighter and sit higher / towards the light
    const a = s.rand(0, Math.PI * 2);
    const d = s.rand(0, 1) ** 0.7 * r * (1 - k * 0.35);
    const rr = r * s.rand(0.2, 0.36);
    const shade = colors[Math.min(colors.length - 1, Math.floor(k * colors.length))];
    out += `<circle cx="${f(x + Math.cos(a) * d - k * r * 0.12)}" cy="${f(cy + Math.sin(a) * d * 0.85 - k * r * 0.15)}" r="${f(rr)}" fill="${shade}"/>`;
  }
  return out;
}

/** Random stars above yMax. */
export function stars(s, { n, yMax, x0 = 0, x1 = W, color = '#ffffff', big = 0.04, falloff = 1 }) {
  let out = '';
  for (let i = 0; i < n; i += 1) {
    const x = s.rand(x0, x1);
    const y = yMax * s.rand(0, 1) ** falloff;
    const b = s.random();
    const r = b > 1 - big ? s.rand(1.2, 1.9) : s.rand(0.35, 1.0);
    const o = f(s.rand(0.35, 1) * (1 - (y / yMax) * 0.6));
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${color}" opacity="${o}"/>`;
  }
  return out;
}

/**
 * Northern-lights curtain: many thin vertical rays whose lower edge follows `base(x)`,
 * each filled with a vertical gradient; blurred for a glowing, streaky look.
 */
export function aurora(
  s,
  { x0, x1, base, height, step = 3, stops, opacity = 1, blur = [1.6, 5], glow = 18 },
) {
  const grad = s.linear(stops, { x1: 0, y1: 1, x2: 0, y2: 0 });
  let rays = '';
  let phase = s.rand(0, 10);
  for (let x = x0; x < x1; x += step) {
    phase += s.rand(-0.35, 0.35);
    const b0 = base(x);
    const b1 = base(x + step);
    const hh = height(x) * (0.75 + 0.35 * Math.sin(phase) + s.rand(-0.12, 0.12));
    const o = f(
      Math.max(0.05, Math.min(1, 0.55 + 0.45 * Math.sin(phase * 1.7 + x / 90) + s.rand(-0.2, 0.2))),
    );
    rays += `<path d="M${f(x)},${f(b0)}L${f(x + step + 0.6)},${f(b1)}L${f(x + step + 0.6)},${f(b1 - hh)}L${f(x)},${f(b0 - hh)}Z" fill="${grad}" opacity="${o}"/>`;
  }
  const id = s.uid('au');
  s.def(`<g id="${id}">${rays}</g>`);
  return (
    `<g opacity="${opacity}" style="mix-blend-mode:screen">` +
    `<use xlink:href="#${id}" filter="${s.blur(glow, glow * 1.4)}" opacity="0.55"/>` +
    `<use xlink:href="#${id}" filter="${s.blur(blur[0], blur[1])}"/>` +
    `</g>`
  );
}

/** Soft cloud made from blurred ellipses. */
export function cloud(s, { x, y, w, h, color = '#ffffff', shade = '#d9e2ec', opacity = 1, blur = 4 }) {
  let out = '';
  const n = Math.round(w / (h * 0.6));
  for (let i = 0; i < n; i += 1) {
    const cx = x + (w * (i + 0.5)) / n + s.rand(-h * 0.2, h * 0.2);
    const rr = h * s.rand(0.45, 0.8) * (1 - Math.abs(i / (n - 1 || 1) - 0.5) * 0.9);
    out += `<circle cx="${f(cx)}" cy="${f(y - rr * 0.5)}" r="${f(rr)}" fill="${color}"/>`;
  }
  out += `<ellipse cx="${f(x + w / 2)}" cy="${f(y)}" rx="${f(w / 2)}" ry="${f(h * 0.28)}" fill="${color}"/>`;
  const base = `<ellipse cx="${f(x + w / 2)}" cy="${f(y + h * 0.12)}" rx="${f(w * 0.46)}" ry="${f(h * 0.2)}" fill="${shade}"/>`;
  return `<g opacity="${opacity}" filter="${s.blur(blur)}">${out}${base}</g>`;
}

/** Chimney smoke: a drifting chain of blurred puffs. */
function smoke(s, { x, y, drift = 1, color = '#cfd6e0', opacity = 0.5, n = 9, size = 6 }) {
  let out = '';
  let cx = x;
  let cy = y;
  for (let i = 0; i < n; i += 1) {
    const r = size * (1 + i * 0.45);
    out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${color}" opacity="${f(opacity * (1 - i / n))}"/>`;
    cx += drift * size * s.rand(0.6, 1.3) + Math.sin(i) * 2;
    cy -= size * s.rand(1.2, 1.8);
  }
  return `<g filter="${s.blur(size * 0.7)}">${out}</g>`;
}

// ---------------------------------------------------------------- water

/**
 * Mirror `sourceId` (a <g> in defs) about the line y = `waterY` into the water area,
 * then add tint and ripples.
 */
export function water(
  s,
  {
    sourceId,
    waterY,
    tint,
    reflectOpacity = 0.6,
    rippleColor = '#ffffff',
    ripples = 90,
    rippleOpacity = 0.12,
    blur = [0.6, 2.5],
    x0 = 0,
    x1 = W,
  },
) {
  const clip = s.clip(`<rect x="${x0}" y="${waterY}" width="${x1 - x0}" height="${H - waterY}"/>`);
  let out = `<g clip-path="${clip}">`;
  out += `<rect x="${x0}" y="${waterY}" width="${x1 - x0}" height="${H - waterY}" fill="${tint}"/>`;
  out += `<g opacity="${reflectOpacity}" filter="${s.blur(blur[0], blur[1])}"><use xlink:href="#${sourceId}" transform="translate(0 ${2 * waterY}) scale(1 -1)"/></g>`;
  out += `<rect x="${x0}" y="${waterY}" width="${x1 - x0}" height="${H - waterY}" fill="${s.linear([
    [0, '#000', 0],
    [1, '#000', 0.45],
  ])}"/>`;
  for (let i = 0; i < ripples; i += 1) {
    const t = s.random() ** 0.7;
    const y = waterY + 3 + t * (H - waterY);
    const len = 20 + t * s.rand(60, 220);
    const x = s.rand(x0 - 50, x1);
    out += `<rect x="${f(x)}" y="${f(y)}" width="${f(len)}" height="${f(0.6 + t * 1.6)}" rx="1" fill="${rippleColor}" opacity="${f(rippleOpacity * s.rand(0.3, 1))}"/>`;
  }
  out += '</g>';
  return out;
}

// ---------------------------------------------------------------- buildings

/**
 * A gabled timber cabin, gable end facing the viewer, the long side receding to the right.
 * (x, gy) is the front-left ground corner.
 */
export function cabin(s, o) {
  const {
    x,
    gy,
    w,
    h,
    roofH = w * 0.42,
    depth = w * 0.9,
    skew = 0.32,
    ov = w * 0.1,
    wall = '#6b4430',
    wallSide = '#4e2f20',
    log = '#3a2216',
    roofSide = '#3a3a42',
    fascia = '#1d1d22',
    trim = '#e9dcc4',
    snow = false,
    lit = true,
    glass = '#ffd27a',
    glow = '#ffb347',
    frontWindows = [[0.5, 0.42, 0.3, 0.26]],
    sideWindows = [
      [0.3, 0.45, 0.18, 0.28],
      [0.65, 0.45, 0.18, 0.28],
    ],
    door = null,
    chimney = 0.7,
    logs = true,
  } = o;
  const dx = depth;
  const dy = -depth * skew;
  const apex = [x + w / 2, gy - h - roofH];
  const eL = [x - ov, gy - h + ov * (roofH / (w / 2))];
  const eR = [x + w + ov, gy - h + ov * (roofH / (w / 2))];
  const sh = (p) => [p[0] + dx, p[1] + dy];
  let out = '';
  // light pool on ground
  if (lit) {
    out += `<ellipse cx="${f(x + w * 0.5 + dx * 0.5)}" cy="${f(gy + 10)}" rx="${f(w * 1.6 + dx * 0.5)}" ry="${f(h * 0.35)}" fill="${glow}" opacity="0.22" filter="${s.blur(14)}"/>`;
  }
  // side wall
  const sideWall = [[x + w, gy], sh([x + w, gy]), sh([x + w, gy - h]), [x + w, gy - h]];
  out += `<path d="${poly(sideWall)}" fill="${wallSide}"/>`;
  // front wall + gable
  const front = [[x, gy], [x + w, gy], [x + w, gy - h], apex, [x, gy - h]];
  out += `<path d="${poly(front)}" fill="${wall}"/>`;
  if (logs) {
    const n = Math.max(5, Math.round((h + roofH) / 7));
    let d = '';
    for (let i = 1; i < n; i += 1) {
      const yy = gy - ((h + roofH) * i) / n;
      let xa = x;
      let xb = x + w;
      if (yy < gy - h) {
        const k = (gy - h - yy) / roofH;
        xa = x + (w / 2) * k;
        xb = x + w - (w / 2) * k;
      }
      d += `M${f(xa)},${f(yy)}L${f(xb)},${f(yy)}`;
      if (yy > gy - h) d += `M${f(x + w)},${f(yy)}L${f(x + w + dx)},${f(yy + dy)}`;
    }
    out += `<path d="${d}" stroke="${log}" stroke-width="${f(Math.max(0.8, h / 60))}" opacity="0.55" fill="none"/>`;
    // corner log ends
    let ends = '';
    for (let i = 0; i < n * (h / (h + roofH)); i += 1) {
      const yy = gy - ((h + roofH) * (i + 0.5)) / n;
      ends += `<rect x="${f(x + w - 2)}" y="${f(yy - 2)}" width="5" height="4" rx="1.5" fill="${log}" opacity="0.6"/>`;
    }
    out += ends;
  }
  // windows
  const winMarkup = (pts, lightRect) => {
    let m = '';
    if (lit) {
      m += `<path d="${poly(pts)}" fill="${glow}" opacity="0.55" filter="${s.blur(Math.max(4, w / 18))}"/>`;
    }
    m += `<path d="${poly(pts)}" fill="${lit ? glass : glass}" stroke="${trim}" stroke-width="${f(Math.max(1.2, w / 80))}"/>`;
    if (lightRect) m += lightRect;
    return m;
  };
  for (const [cx, cy, ww, hh] of frontWindows) {
    const wx = x + w * cx - (w * ww) / 2;
    const wy = gy - h * (1 - cy) - (h * hh) / 2;
    const pts = [
      [wx, wy],
      [wx + w * ww, wy],
      [wx + w * ww, wy + h * hh],
      [wx, wy + h * hh],
    ];
    const mull = `<path d="M${f(wx + (w * ww) / 2)},${f(wy)}V${f(wy + h * hh)}M${f(wx)},${f(wy + (h * hh) / 2)}H${f(wx + w * ww)}" stroke="${trim}" stroke-width="${f(Math.max(1, w / 100))}"/>`;
    out += winMarkup(pts, mull);
  }
  for (const [cx, cy, ww, hh] of sideWindows) {
    const a = x + w + dx * (cx - ww / 2);
    const b = x + w + dx * (cx + ww / 2);
    const ya = gy - h * (1 - cy) - (h * hh) / 2;
    const off = (xx) => ((xx - x - w) / dx) * dy;
    const pts = [
      [a, ya + off(a)],
      [b, ya + off(b)],
      [b, ya + h * hh + off(b)],
      [a, ya + h * hh + off(a)],
    ];
    const m = (a + b) / 2;
    const mull = `<path d="M${f(m)},${f(ya + off(m))}V${f(ya + h * hh + off(m))}" stroke="${trim}" stroke-width="${f(Math.max(1, w / 100))}"/>`;
    out += winMarkup(pts, mull);
  }
  if (door) {
    const [cx, ww, hh, color] = door;
    const dxl = x + w * cx - (w * ww) / 2;
    out += `<rect x="${f(dxl)}" y="${f(gy - h * hh)}" width="${f(w * ww)}" height="${f(h * hh)}" fill="${color}" stroke="${trim}" stroke-width="${f(Math.max(1, w / 90))}"/>`;
  }
  // roof plane (right slope, seen from the side)
  const roofPlane = [apex, sh(apex), sh(eR), eR];
  out += `<path d="${poly(roofPlane)}" fill="${roofSide}"/>`;
  if (snow) {
    const sn = [apex, sh(apex), sh([eR[0], eR[1] - 2]), [eR[0], eR[1] - 2]];
    out += `<path d="${poly(sn)}" fill="${s.linear([
      [0, '#f4f8ff'],
      [1, '#b9c8e0'],
    ])}"/>`;
  }
  // chimney standing on the roof plane
  if (chimney) {
    const t = 0.28;
    const bx = apex[0] + (eR[0] - apex[0]) * t + dx * chimney;
    const by = apex[1] + (eR[1] - apex[1]) * t + dy * chimney;
    const cw = Math.max(5, w * 0.1);
    const ch = roofH * 0.55;
    out += `<rect x="${f(bx - cw / 2)}" y="${f(by - ch)}" width="${f(cw)}" height="${f(ch + 3)}" fill="${o.chimneyColor || '#3b3533'}"/>`;
    out += `<rect x="${f(bx - cw / 2 - 1.5)}" y="${f(by - ch - 3)}" width="${f(cw + 3)}" height="4" fill="${snow ? '#eef4ff' : '#2a2523'}"/>`;
    if (o.smoke) out += smoke(s, { x: bx, y: by - ch - 6, ...o.smoke });
  }
  // front fascia boards (the gable edge)
  const t = Math.max(3, w / 28);
  const fasciaPts = [eL, apex, eR, [eR[0], eR[1] + t], [apex[0], apex[1] + t * 1.2], [eL[0], eL[1] + t]];
  out += `<path d="${poly(fasciaPts)}" fill="${fascia}"/>`;
  if (snow) {
    const st = t * 1.4;
    const snowEdge = [
      [eL[0] - 2, eL[1] + 1],
      [apex[0], apex[1] - st],
      [eR[0] + 2, eR[1] + 1],
      [eR[0], eR[1] - st * 0.3],
      [apex[0], apex[1] - st * 0.1],
      [eL[0], eL[1] - st * 0.3],
    ];
    out += `<path d="${poly(snowEdge)}" fill="#f2f6ff"/>`;
  }
  return out;
}

/** Right-hand shadow facets for a jagged ridge (stylised low-poly mountain shading). */
export function ridgeShadows(s, pts, bottom, { color = '#000', opacity = 0.3, minRise = 20 } = {}) {
  // find prominent local maxima
  let d = '';
  const step = Math.max(1, Math.floor(pts.length / 64));
  const c = [];
  for (let i = 0; i < pts.length; i += step) c.push(pts[i]);
  for (let i = 1; i < c.length - 1; i += 1) {
    if (c[i][1] < c[i - 1][1] && c[i][1] < c[i + 1][1]) {
      // walk right to next local min
      let j = i + 1;
      while (j < c.length - 1 && c[j + 1][1] > c[j][1]) j += 1;
      if (c[j][1] - c[i][1] < minRise) continue;
      const peak = c[i];
      const seg = c.slice(i, j + 1);
      const footX = peak[0] + (bottom - peak[1]) * s.rand(0.12, 0.4);
      d += `M${f(peak[0])},${f(peak[1])}${seg.map(([x, y]) => `L${f(x)},${f(y)}`).join('')}L${f(c[j][0] + (bottom - c[j][1]) * 0.2)},${f(bottom)}L${f(footX)},${f(bottom)}Z`;
    }
  }
  return `<path d="${d}" fill="${color}" opacity="${opacity}"/>`;
}

/** Snow above a jagged snowline, clipped to the mountain silhouette `pts`. */
export function snowCaps(s, pts, { snowline, bottom = H, jag = 30, fill = '#f4f8fc', shade, opacity = 1 }) {
  const clip = s.clip(`<path d="${area(pts, bottom)}"/>`);
  const edge = ridge(s, { y: snowline, amp: jag, levels: 7, rough: 0.6 });
  let out = `<g clip-path="${clip}" opacity="${opacity}"><path d="M-20,-20${line(edge).replace(/^M/, 'L')}L${W + 20},-20Z" fill="${fill}"/>`;
  if (shade) out += ridgeShadows(s, pts, bottom, { color: shade, opacity: 0.5 });
  return `${out}</g>`;
}
