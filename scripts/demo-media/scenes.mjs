// Writes the demo-photo illustrations as SVG files.
// Usage: node scripts/demo-media/scenes.mjs <out-dir> [scene-name ...]
import fs from 'node:fs';
import path from 'node:path';
import {
  H,
  Scene,
  W,
  area,
  aurora,
  cabin,
  cloud,
  f,
  forest,
  hills,
  leafyTree,
  line,
  poly,
  ridge,
  ridgeShadows,
  snowCaps,
  spruce,
  spruceSnow,
  stars,
  water,
  yAt,
} from './lib.mjs';

const scenes = {};

// ------------------------------------------------------------------ aurora-lake
scenes['aurora-lake'] = () => {
  const s = new Scene(101);
  const waterY = 505;
  let above = '';
  above += `<rect width="${W}" height="${waterY + 4}" fill="${s.linear([
    [0, '#01060f'],
    [0.4, '#041527'],
    [0.75, '#0a2c3a'],
    [1, '#12424a'],
  ])}"/>`;
  above += stars(s, { n: 420, yMax: 470, falloff: 1.3 });
  // big aurora sweep
  above += aurora(s, {
    x0: -40,
    x1: W + 40,
    base: (x) => 385 - x * 0.11 + 35 * Math.sin(x / 210) + 16 * Math.sin(x / 67 + 1),
    height: (x) => 170 + 70 * Math.sin(x / 160 + 2),
    stops: [
      [0, '#e6fff0', 0.95],
      [0.06, '#7dffb4', 0.9],
      [0.35, '#27d98a', 0.55],
      [0.7, '#1a8f7a', 0.22],
      [0.88, '#7b4fd1', 0.12],
      [1, '#b04fc9', 0],
    ],
  });
  above += aurora(s, {
    x0: 380,
    x1: W + 40,
    base: (x) => 235 - x * 0.05 + 25 * Math.sin(x / 120),
    height: (x) => 120 + 50 * Math.sin(x / 90),
    stops: [
      [0, '#c9ffe0', 0.7],
      [0.1, '#4cf0a0', 0.55],
      [0.5, '#1fa88a', 0.2],
      [1, '#8e5bd8', 0],
    ],
    opacity: 0.7,
  });
  // sky glow near horizon
  above += `<ellipse cx="640" cy="${waterY}" rx="900" ry="160" fill="#2fbf8f" opacity="0.16" filter="${s.blur(40)}"/>`;
  // far snowy fells
  const fells = hills(s, {
    y: 440,
    waves: [
      [26, 900],
      [14, 340],
      [5, 120],
    ],
  });
  above += `<path d="${area(fells, waterY + 4)}" fill="${s.linear([
    [0, '#5d8a8e'],
    [0.35, '#2a4b58'],
    [1, '#10242f'],
  ])}"/>`;
  const fells2 = hills(s, {
    y: 478,
    waves: [
      [16, 700],
      [8, 210],
    ],
  });
  above += `<path d="${area(fells2, waterY + 4)}" fill="#0b1c26"/>`;
  // far-shore forest
  above += `<path d="${forest(s, { ground: () => waterY + 1, hMin: 14, hMax: 40, gap: [0.35, 0.9] })}" fill="#040d14"/>`;
  const src = s.uid('src');
  s.def(`<g id="${src}">${above}</g>`);
  s.add(`<use xlink:href="#${src}"/>`);
  s.add(
    water(s, {
      sourceId: src,
      waterY,
      tint: '#06161f',
      reflectOpacity: 0.75,
      rippleColor: '#9affd0',
      ripples: 120,
      rippleOpacity: 0.1,
    }),
  );
  // near shore (snowy bank) bottom-left
  const bank = [
    [-20, 610],
    [120, 600],
    [300, 612],
    [430, 640],
    [520, 690],
    [600, 760],
    [640, 820],
  ];
  s.add(
    `<path d="${area(bank, H + 20)}" fill="${s.linear([
      [0, '#9fc3c8'],
      [0.25, '#4f7584'],
      [1, '#142a36'],
    ])}"/>`,
  );
  // shore reflection of the bank edge (dark band)
  s.add(
    `<path d="M420,636 Q520,690 600,760 L640,800 L700,800 Q600,700 430,640Z" fill="#02080c" opacity="0.4" filter="${s.blur(4)}"/>`,
  );
  // cabin
  s.add(
    cabin(s, {
      x: 150,
      gy: 612,
      w: 92,
      h: 52,
      roofH: 42,
      depth: 120,
      skew: 0.12,
      snow: true,
      wall: '#3a2418',
      wallSide: '#2a1a12',
      log: '#140b06',
      roofSide: '#243038',
      fascia: '#140c08',
      trim: '#c9a46a',
      smoke: { color: '#9fb8c0', opacity: 0.35, drift: 0.8 },
      frontWindows: [[0.5, 0.45, 0.32, 0.34]],
      sideWindows: [
        [0.35, 0.45, 0.2, 0.34],
        [0.72, 0.45, 0.2, 0.34],
      ],
    }),
  );
  // foreground trees left/right edges
  let fg = '';
  fg += spruce(s, 40, 640, 300, 120);
  fg += spruce(s, 95, 625, 210, 84);
  fg += spruce(s, 1240, 820, 420, 160);
  fg += spruce(s, 1170, 830, 300, 120);
  s.add(`<path d="${fg}" fill="#020609"/>`);
  // subtle snow highlights on the bank
  s.add(
    `<path d="M0,612 Q120,598 300,612 Q420,635 500,680" stroke="#d8f5ee" stroke-width="3" fill="none" opacity="0.35" filter="${s.blur(1.5)}"/>`,
  );
  // vignette
  s.add(vignette(s, 0.55));
  return s;
};

// ------------------------------------------------------------------ aurora-cabin-night
scenes['aurora-cabin-night'] = () => {
  const s = new Scene(202);
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.linear([
      [0, '#050822'],
      [0.3, '#0e1640'],
      [0.52, '#263567'],
      [0.62, '#45538a'],
    ])}"/>`,
  );
  // milky way
  s.add(`<g transform="rotate(-28 640 300)" style="mix-blend-mode:screen">
    <ellipse cx="640" cy="260" rx="900" ry="70" fill="#8d86c9" opacity="0.28" filter="${s.blur(30)}"/>
    <ellipse cx="700" cy="262" rx="620" ry="28" fill="#d6c9f0" opacity="0.22" filter="${s.blur(14)}"/>
    <ellipse cx="560" cy="250" rx="300" ry="14" fill="#2a2350" opacity="0.5" filter="${s.blur(8)}"/>
    ${stars(s, { n: 700, yMax: 120, x0: -260, x1: 1540, falloff: 1 }).replace(/cy="([\d.]+)"/g, (_m, y) => `cy="${f(200 + Number(y))}"`)}
  </g>`);
  s.add(stars(s, { n: 380, yMax: 460, falloff: 1.2, big: 0.05 }));
  // faint teal aurora low on the horizon
  s.add(
    aurora(s, {
      x0: 600,
      x1: W + 40,
      base: (x) => 420 - (x - 600) * 0.1 + 14 * Math.sin(x / 80),
      height: (x) => 90 + 40 * Math.sin(x / 70),
      stops: [
        [0, '#b8fff0', 0.5],
        [0.2, '#3de0c0', 0.35],
        [1, '#3d6be0', 0],
      ],
      opacity: 0.6,
      glow: 14,
    }),
  );
  // snowy mountains
  const mtn = ridge(s, {
    y: 400,
    amp: 90,
    levels: 8,
    rough: 0.5,
    anchors: [
      [-20, 470],
      [260, 360],
      [520, 430],
      [820, 330],
      [1050, 420],
      [1300, 380],
    ],
  });
  s.add(
    `<path d="${area(mtn, 560)}" fill="${s.linear([
      [0, '#e3ebff'],
      [0.35, '#a7b6dc'],
      [1, '#3d4b7a'],
    ])}"/>`,
  );
  s.add(ridgeShadows(s, mtn, 560, { color: '#1b2250', opacity: 0.45 }));
  // far snowy hill with forest
  const hill = hills(s, {
    y: 510,
    waves: [
      [18, 800],
      [9, 260],
    ],
  });
  s.add(
    `<path d="${forest(s, { ground: (x) => yAt(hill, x) + 4, hMin: 18, hMax: 46, gap: [0.3, 0.7] })}" fill="#121a36"/>`,
  );
  s.add(
    `<path d="${area(hill, H)}" fill="${s.linear([
      [0, '#aab8e0'],
      [0.3, '#6f7fb5'],
    ])}"/>`,
  );
  // mid snowfield with snowy spruces
  const mid = hills(s, {
    y: 590,
    waves: [
      [20, 900],
      [8, 300],
    ],
  });
  s.add(
    `<path d="${area(mid, H)}" fill="${s.linear([
      [0, '#c4d0f0'],
      [0.4, '#8594c6'],
    ])}"/>`,
  );
  let tr = '';
  let sn = '';
  for (const [x, hgt] of [
    [70, 170],
    [130, 120],
    [190, 95],
    [1010, 110],
    [1075, 160],
    [1150, 205],
    [1225, 130],
  ]) {
    const g = yAt(mid, x) + 6;
    tr += spruce(s, x, g, hgt);
    sn += spruceSnow(s, x, g, hgt);
  }
  s.add(`<path d="${tr}" fill="#0b1230"/>`, `<path d="${sn}" fill="#dfe8ff" opacity="0.9"/>`);
  // cabin
  s.add(
    cabin(s, {
      x: 470,
      gy: 612,
      w: 170,
      h: 96,
      roofH: 78,
      depth: 190,
      skew: 0.16,
      snow: true,
      wall: '#5a3522',
      wallSide: '#3f2418',
      log: '#24140c',
      roofSide: '#3a3f55',
      fascia: '#2a1710',
      trim: '#e8cf9a',
      glass: '#ffd98a',
      glow: '#ffa640',
      smoke: { color: '#aab5d8', opacity: 0.4, drift: 1.1, size: 8 },
      frontWindows: [[0.5, 0.38, 0.3, 0.32]],
      sideWindows: [
        [0.28, 0.42, 0.18, 0.34],
        [0.62, 0.42, 0.18, 0.34],
      ],
      door: null,
    }),
  );
  // front snow drift hiding the cabin base + light on snow
  const front = hills(s, {
    y: 640,
    waves: [
      [14, 700],
      [6, 180],
    ],
  });
  s.add(
    `<path d="${area(front, H)}" fill="${s.linear([
      [0, '#e9efff'],
      [0.25, '#b7c5ea'],
      [1, '#6b79ad'],
    ])}"/>`,
  );
  s.add(`<ellipse cx="640" cy="655" rx="300" ry="40" fill="#ffb35a" opacity="0.35" filter="${s.blur(22)}"/>`);
  // window light beams on snow
  s.add(
    `<path d="M610,640 L700,640 L760,720 L560,720Z" fill="#ffc773" opacity="0.18" filter="${s.blur(10)}"/>`,
  );
  // footprints
  let fp = '';
  for (let i = 0; i < 26; i += 1) {
    const t = i / 25;
    const x = 560 + Math.sin(t * 3) * 60 - t * 120 + (i % 2 ? 6 : -6);
    const y = 648 + t * t * 150;
    fp += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(2.5 + t * 5)}" ry="${f(1.2 + t * 2.4)}"/>`;
  }
  s.add(`<g fill="#5a68a0" opacity="0.55">${fp}</g>`);
  // big foreground snowy spruces
  let ft = '';
  let fs = '';
  for (const [x, hgt, base] of [
    [-10, 520, 820],
    [80, 360, 810],
    [1290, 560, 830],
    [1190, 330, 820],
  ]) {
    ft += spruce(s, x, base, hgt);
    fs += spruceSnow(s, x, base, hgt);
  }
  s.add(`<path d="${ft}" fill="#060a1e"/>`, `<path d="${fs}" fill="#c9d5f5" opacity="0.85"/>`);
  s.add(vignette(s, 0.5));
  return s;
};

// ------------------------------------------------------------------ aurora-sauna
scenes['aurora-sauna'] = () => {
  const s = new Scene(303);
  const waterY = 470;
  let above = '';
  above += `<rect width="${W}" height="${waterY + 4}" fill="${s.linear([
    [0, '#23184a'],
    [0.3, '#4f2a78'],
    [0.58, '#a2478a'],
    [0.8, '#ec7f86'],
    [1, '#ffc295'],
  ])}"/>`;
  above += `<ellipse cx="520" cy="${waterY}" rx="420" ry="130" fill="#ffe0b0" opacity="0.55" filter="${s.blur(40)}"/>`;
  above += stars(s, { n: 60, yMax: 160, falloff: 1.5 });
  above += `<circle cx="930" cy="120" r="2.6" fill="#fff6e8"/><circle cx="930" cy="120" r="9" fill="#fff0d0" opacity="0.35" filter="${s.blur(4)}"/>`;
  // streaky dusk clouds lit from below
  for (let i = 0; i < 9; i += 1) {
    const y = s.rand(170, 380);
    const x = s.rand(-200, 1100);
    const w = s.rand(220, 520);
    const h = s.rand(8, 20);
    const lit = s.linear([
      [0, '#6a3a86', 0.7],
      [0.6, '#e07a9a', 0.8],
      [1, '#ffb49a', 0.9],
    ]);
    above += `<ellipse cx="${f(x + w / 2)}" cy="${f(y)}" rx="${f(w / 2)}" ry="${f(h)}" fill="${lit}" filter="${s.blur(5, 2.5)}" opacity="${f(s.rand(0.5, 0.9))}"/>`;
  }
  // far hills
  const h1 = hills(s, {
    y: 430,
    waves: [
      [22, 700],
      [10, 240],
    ],
  });
  above += `<path d="${area(h1, waterY + 4)}" fill="#8d5a8e" opacity="0.85"/>`;
  const h2 = hills(s, {
    y: 452,
    waves: [
      [14, 520],
      [6, 150],
    ],
  });
  above += `<path d="${area(h2, waterY + 4)}" fill="#5c3a6e"/>`;
  above += `<path d="${forest(s, { ground: () => waterY + 1, hMin: 10, hMax: 30, gap: [0.4, 1.2] })}" fill="#352247"/>`;
  const src = s.uid('src');
  s.def(`<g id="${src}">${above}</g>`);
  s.add(`<use xlink:href="#${src}"/>`);
  s.add(
    water(s, {
      sourceId: src,
      waterY,
      tint: '#2b1840',
      reflectOpacity: 0.85,
      rippleColor: '#ffd0c0',
      ripples: 140,
      rippleOpacity: 0.16,
      blur: [0.8, 2],
    }),
  );
  // sauna + jetty (drawn into a group so it can be mirrored in the water)
  const deckY = 600;
  let sauna = '';
  // jetty posts and deck
  for (let x = 420; x <= 880; x += 46)
    sauna += `<rect x="${x}" y="${deckY}" width="6" height="26" fill="#1e1226"/>`;
  sauna += `<path d="M400,${deckY - 8} L900,${deckY - 8} L900,${deckY + 2} L400,${deckY + 2}Z" fill="#3b2530"/>`;
  sauna += `<path d="M400,${deckY - 8} L900,${deckY - 8}" stroke="#e59a86" stroke-width="1.5" opacity="0.6"/>`;
  // ladder
  sauna += `<path d="M430,${deckY - 30} V${deckY + 26} M450,${deckY - 30} V${deckY + 26} M430,${deckY - 14} H450 M430,${deckY + 2} H450 M430,${deckY + 16} H450" stroke="#2a1a2a" stroke-width="3" fill="none"/>`;
  sauna += cabin(s, {
    x: 640,
    gy: deckY - 8,
    w: 110,
    h: 66,
    roofH: 40,
    depth: 120,
    skew: 0.18,
    wall: '#4a2c2a',
    wallSide: '#33201f',
    log: '#1f1212',
    roofSide: '#2e2230',
    fascia: '#1a1018',
    trim: '#d9a17e',
    glass: '#ffcf80',
    glow: '#ff9f50',
    frontWindows: [[0.3, 0.4, 0.22, 0.2]],
    sideWindows: [[0.55, 0.38, 0.22, 0.2]],
    door: [0.7, 0.24, 0.78, '#2a1614'],
    smoke: { color: '#e7c3d6', opacity: 0.45, drift: -1, size: 6 },
    chimney: 0.35,
  });
  const sid = s.uid('sauna');
  s.def(`<g id="${sid}">${sauna}</g>`);
  const clipBelow = s.clip(`<rect x="0" y="${deckY + 2}" width="${W}" height="${H}"/>`);
  s.add(
    `<g clip-path="${clipBelow}"><g opacity="0.35" filter="${s.blur(1, 3)}"><use xlink:href="#${sid}" transform="translate(0 ${2 * (deckY + 2)}) scale(1 -1)"/></g></g>`,
  );
  // right shore with spruces
  const shore = [
    [990, 820],
    [940, 720],
    [895, 640],
    [885, 612],
    [905, 592],
    [960, 566],
    [1100, 548],
    [1300, 540],
  ];
  let trees = '';
  for (let x = 930; x < 1320; x += s.rand(22, 45))
    trees += spruce(s, x, yAt(shore.slice(4), x) + 4, s.rand(150, 290));
  s.add(`<path d="${trees}" fill="#1c1028"/>`);
  s.add(`<path d="${area(shore, H)}" fill="#1a0f24"/>`);
  // rocks at the waterline
  let rocks = '';
  for (let i = 0; i < 14; i += 1) {
    const k = Math.floor(s.rand(0, 4));
    const t = s.random();
    const x = shore[k][0] + (shore[k + 1][0] - shore[k][0]) * t;
    const y = shore[k][1] + (shore[k + 1][1] - shore[k][1]) * t;
    rocks += `<ellipse cx="${f(x - s.rand(0, 14))}" cy="${f(y + s.rand(0, 8))}" rx="${f(s.rand(10, 24))}" ry="${f(s.rand(5, 10))}" fill="#2a1a34"/>`;
  }
  s.add(rocks);
  s.add(`<use xlink:href="#${sid}"/>`);
  // reeds
  let reeds = '';
  for (let i = 0; i < 70; i += 1) {
    const x = s.rand(-10, 300) + (i > 50 ? 1000 : 0);
    const hgt = s.rand(40, 140);
    const lean = s.rand(-18, 18);
    reeds += `<path d="M${f(x)},${H + 5} Q${f(x + lean * 0.3)},${f(H - hgt * 0.5)} ${f(x + lean)},${f(H - hgt)}" stroke="#140a1c" stroke-width="${f(s.rand(1.5, 3.5))}" fill="none"/>`;
    if (s.random() > 0.7)
      reeds += `<ellipse cx="${f(x + lean)}" cy="${f(H - hgt + 8)}" rx="3" ry="10" fill="#140a1c" transform="rotate(${f(lean)} ${f(x + lean)} ${f(H - hgt + 8)})"/>`;
  }
  s.add(reeds);
  s.add(vignette(s, 0.4));
  return s;
};

// ------------------------------------------------------------------ fjordview-lodge
scenes['fjordview-lodge'] = () => {
  const s = new Scene(404);
  const waterY = 430;
  let above = '';
  above += `<rect width="${W}" height="${waterY + 4}" fill="${s.linear([
    [0, '#2f7fd0'],
    [0.55, '#84bfee'],
    [1, '#d6ecf9'],
  ])}"/>`;
  above += cloud(s, { x: 120, y: 120, w: 260, h: 70, shade: '#cfdceb' });
  above += cloud(s, { x: 760, y: 80, w: 340, h: 80, shade: '#cad8e8' });
  above += cloud(s, { x: 520, y: 190, w: 160, h: 40, shade: '#d5e1ee', opacity: 0.8 });
  // far range
  const far = ridge(s, {
    y: 300,
    amp: 70,
    levels: 8,
    anchors: [
      [-20, 330],
      [220, 250],
      [470, 310],
      [700, 230],
      [980, 300],
      [1300, 260],
    ],
  });
  above += `<path d="${area(far, waterY + 4)}" fill="${s.linear([
    [0, '#9fb4cc'],
    [1, '#7f98b3'],
  ])}"/>`;
  above += snowCaps(s, far, {
    snowline: 300,
    bottom: waterY + 4,
    jag: 26,
    fill: '#eef4fa',
    shade: '#6f88a6',
  });
  // nearer steep range across the fjord
  const near = ridge(s, {
    y: 330,
    amp: 60,
    levels: 8,
    anchors: [
      [-20, 300],
      [160, 330],
      [420, 280],
      [640, 370],
      [900, 320],
      [1120, 350],
      [1300, 300],
    ],
  });
  above += `<path d="${area(near, waterY + 4)}" fill="${s.linear([
    [0, '#4c6f86'],
    [0.6, '#2f5560'],
    [1, '#2c4d3d'],
  ])}"/>`;
  above += ridgeShadows(s, near, waterY + 4, { color: '#15303c', opacity: 0.35 });
  above += snowCaps(s, near, { snowline: 300, bottom: waterY + 4, jag: 18, fill: '#e6eef6', opacity: 0.9 });
  above += `<path d="${forest(s, { ground: () => waterY + 2, hMin: 6, hMax: 16, gap: [0.3, 0.8] })}" fill="#1f3b2c"/>`;
  const src = s.uid('src');
  s.def(`<g id="${src}">${above}</g>`);
  s.add(`<use xlink:href="#${src}"/>`);
  s.add(
    water(s, {
      sourceId: src,
      waterY,
      tint: '#0a4a8c',
      reflectOpacity: 0.45,
      rippleColor: '#dff2ff',
      ripples: 160,
      rippleOpacity: 0.22,
      blur: [1, 2],
    }),
  );
  // green slope in the foreground, rising to the right
  const slope = hills(s, {
    y: 560,
    waves: [
      [14, 1400],
      [6, 300],
    ],
  }).map(([x, y]) => [x, y + 40 - x * 0.11]);
  s.add(
    `<path d="${area(slope, H)}" fill="${s.linear([
      [0, '#86bd52'],
      [0.35, '#5a9a3a'],
      [1, '#2d6124'],
    ])}"/>`,
  );
  // grass texture
  let grass = '';
  for (let i = 0; i < 1100; i += 1) {
    const x = s.rand(-10, W + 10);
    const top = yAt(slope, x);
    const y = top + 6 + (H - top) * s.random() ** 1.4;
    const l = 3 + ((y - top) / (H - top)) * 14;
    grass += `M${f(x)},${f(y)}l${f(s.rand(-2.5, 2.5))},${f(-l)}`;
  }
  s.add(`<path d="${grass}" stroke="#2a5a1e" stroke-width="1.4" opacity="0.4" fill="none"/>`);
  s.add(
    `<path d="${grass.split('M').slice(0, 400).join('M')}" stroke="#b7dd78" stroke-width="1.1" opacity="0.35" fill="none" transform="translate(3 2)"/>`,
  );
  // spruce groups up the slope
  let bg = '';
  for (const x of [1080, 1110, 1150, 1195, 1240, 1265])
    bg += spruce(s, x, yAt(slope, x) + 8, s.rand(110, 190));
  s.add(`<path d="${bg}" fill="#1f4a22"/>`);
  const glass = s.linear([
    [0, '#e9f6ff'],
    [0.5, '#9fcdef'],
    [1, '#4f86b5'],
  ]);
  const lodge = (x, w) => {
    const depth = w * 0.85;
    const skew = 0.16;
    const gy = Math.max(yAt(slope, x) + w * 0.3, yAt(slope, x + w + depth) + depth * skew + 22);
    let o = `<ellipse cx="${f(x + w * 0.5 + depth * 0.5)}" cy="${f(gy - depth * skew * 0.5 + 6)}" rx="${f((w + depth) * 0.62)}" ry="${f(w * 0.1 + depth * skew * 0.6)}" fill="#1d4017" opacity="0.35" filter="${s.blur(6)}"/>`;
    // terrace in front
    o += `<path d="M${f(x - w * 0.15)},${f(gy + 2)} L${f(x + w * 1.05)},${f(gy + 2)} L${f(x + w * 1.0)},${f(gy + w * 0.1)} L${f(x - w * 0.22)},${f(gy + w * 0.1)}Z" fill="#a5764a"/>`;
    o += `<path d="M${f(x - w * 0.22)},${f(gy + w * 0.1)} L${f(x + w * 1.0)},${f(gy + w * 0.1)} L${f(x + w * 1.0)},${f(gy + w * 0.13)} L${f(x - w * 0.22)},${f(gy + w * 0.13)}Z" fill="#5e3f24"/>`;
    o += cabin(s, {
      x,
      gy,
      w,
      h: w * 0.52,
      roofH: w * 0.3,
      depth,
      skew,
      ov: w * 0.08,
      lit: false,
      wall: '#8a5d39',
      wallSide: '#6a4529',
      log: '#3e2616',
      roofSide: '#5f9438',
      fascia: '#3a2a1c',
      trim: '#2b2018',
      glass,
      frontWindows: [[0.5, 0.5, 0.72, 0.66]],
      sideWindows: [
        [0.3, 0.45, 0.3, 0.42],
        [0.72, 0.45, 0.3, 0.42],
      ],
      chimney: 0,
    });
    // sod roof: grass fringe along the eave and some tufts
    const apex = [x + w / 2, gy - w * 0.52 - w * 0.3];
    const eR = [x + w + w * 0.08, gy - w * 0.52 + w * 0.08 * (0.3 / 0.5)];
    let tuft = '';
    for (let i = 0; i < 60; i += 1) {
      const t = s.random();
      const u = s.random();
      const px = apex[0] + (eR[0] - apex[0]) * t + depth * u;
      const py = apex[1] + (eR[1] - apex[1]) * t - depth * skew * u;
      tuft += `M${f(px)},${f(py)}l${f(s.rand(-2, 2))},${f(-s.rand(3, 7))}`;
    }
    o += `<path d="${tuft}" stroke="#8fc45a" stroke-width="1.5" fill="none" opacity="0.8"/>`;
    o += `<path d="M${f(apex[0])},${f(apex[1])} L${f(apex[0] + depth)},${f(apex[1] - depth * skew)}" stroke="#9fd06a" stroke-width="3" opacity="0.7"/>`;
    return o;
  };
  s.add(lodge(150, 120));
  s.add(lodge(440, 150));
  s.add(lodge(760, 185));
  // foreground birches
  const birch = (x, base, h) => {
    let o = `<path d="M${x - 6},${base} L${x - 2.5},${base - h} L${x + 2.5},${base - h} L${x + 6},${base}Z" fill="#f1ede4"/>`;
    for (let i = 0; i < 10; i += 1) {
      o += `<rect x="${x - 5}" y="${f(base - s.rand(10, h * 0.8))}" width="${f(s.rand(3, 8))}" height="2.5" fill="#2b2b2b"/>`;
    }
    o += `<path d="M${x},${f(base - h * 0.55)} l-40,-60 M${x},${f(base - h * 0.7)} l36,-50" stroke="#d9d4c8" stroke-width="3" fill="none"/>`;
    const shades = ['#3f7a26', '#5a9a32', '#76b446', '#97cc5e'];
    shades.forEach((c, k) => {
      for (let i = 0; i < 14; i += 1) {
        const a = s.rand(0, Math.PI * 2);
        const d = s.rand(0, 1) ** 0.6;
        o += `<circle cx="${f(x - k * 6 + Math.cos(a) * d * 80)}" cy="${f(base - h * 0.78 - k * 6 + Math.sin(a) * d * 95)}" r="${f(s.rand(14, 24) - k * 2)}" fill="${c}"/>`;
      }
    });
    return o;
  };
  s.add(birch(70, 830, 420));
  s.add(birch(1210, 840, 360));
  s.add(vignette(s, 0.28));
  return s;
};

// ------------------------------------------------------------------ fjordview-fjord
scenes['fjordview-fjord'] = () => {
  const s = new Scene(505);
  const waterY = 430;
  let above = '';
  above += `<rect width="${W}" height="${waterY + 4}" fill="${s.linear([
    [0, '#8fb5d9'],
    [0.5, '#d6d3cf'],
    [0.8, '#f6d7b0'],
    [1, '#ffe6bd'],
  ])}"/>`;
  above += `<circle cx="660" cy="${waterY - 40}" r="34" fill="#fff4da"/>`;
  above += `<circle cx="660" cy="${waterY - 40}" r="150" fill="#ffe2a8" opacity="0.55" filter="${s.blur(40)}"/>`;
  above += cloud(s, {
    x: 220,
    y: 150,
    w: 300,
    h: 40,
    color: '#fbe9d6',
    shade: '#e9cdb8',
    opacity: 0.7,
    blur: 6,
  });
  above += cloud(s, {
    x: 840,
    y: 110,
    w: 260,
    h: 36,
    color: '#fbe9d6',
    shade: '#e9cdb8',
    opacity: 0.6,
    blur: 6,
  });
  // fjord walls: layers from far (hazy) to near (dark), converging at the centre
  const layers = [
    { l: [560, 330], r: [760, 340], col: '#c6b3b0', top: 300 },
    { l: [500, 250], r: [830, 270], col: '#9c8f96', top: 230 },
    { l: [380, 170], r: [930, 180], col: '#6c6b7a', top: 160 },
    { l: [230, 70], r: [1060, 90], col: '#3f4651', top: 60 },
    { l: [90, -20], r: [1190, -10], col: '#262d35', top: -20 },
  ];
  layers.forEach((L, i) => {
    const fog = i < 3 ? 0.5 - i * 0.15 : 0;
    // left wall
    const lr = ridge(s, {
      y: 0,
      amp: 14 + i * 6,
      levels: 5,
      anchors: [
        [-20, L.top - 30],
        [L.l[0] * 0.6, L.l[1] - 10],
        [L.l[0], L.l[1]],
      ],
    });
    const lface = ridge(s, {
      y: 0,
      amp: 10 + i * 3,
      levels: 4,
      anchors: [
        [L.l[0], L.l[1]],
        [L.l[0] + 40 + i * 18, waterY + 2],
      ],
    });
    const leftPts = [...lr, ...lface.slice(1), [-20, waterY + 2]];
    above += `<path d="M${leftPts.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z" fill="${L.col}"/>`;
    // right wall
    const rr = ridge(s, {
      y: 0,
      amp: 14 + i * 6,
      levels: 5,
      anchors: [
        [L.r[0], L.r[1]],
        [L.r[0] + (W - L.r[0]) * 0.4, L.r[1] - 10],
        [W + 20, L.top - 20],
      ],
    });
    const rface = ridge(s, {
      y: 0,
      amp: 10 + i * 3,
      levels: 4,
      anchors: [
        [L.r[0] - 40 - i * 18, waterY + 2],
        [L.r[0], L.r[1]],
      ],
    });
    const rightPts = [...rface, ...rr.slice(1), [W + 20, waterY + 2]];
    above += `<path d="M${rightPts.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z" fill="${L.col}"/>`;
    // striations on the rock faces
    if (i >= 2) {
      let st = '';
      for (let k = 0; k < 26; k += 1) {
        const side = k % 2;
        const x = side ? s.rand(L.r[0] - 20, L.r[0] + 220) : s.rand(L.l[0] - 220, L.l[0] + 20);
        const y = s.rand(L.l[1] + 20, waterY - 40);
        st += `M${f(x)},${f(y)}l${f(s.rand(-6, 6))},${f(s.rand(30, 110))}`;
      }
      above += `<path d="${st}" stroke="#000" stroke-width="${1 + i * 0.6}" opacity="0.12" fill="none" stroke-linecap="round"/>`;
      // sunlit top edges
      above += `<path d="${line(lr)}" stroke="#ffd9a0" stroke-width="2" opacity="${0.15 + i * 0.05}" fill="none"/>`;
      above += `<path d="${line(rr)}" stroke="#ffd9a0" stroke-width="2" opacity="${0.15 + i * 0.05}" fill="none"/>`;
      // green tops of the nearer walls
      if (i >= 3) {
        above += `<path d="${forest(s, { x0: -20, x1: L.l[0] - 20, ground: (x) => yAt(lr, x) + 6, hMin: 10 + i * 3, hMax: 18 + i * 5, gap: [0.4, 1] })}" fill="#1f3326" opacity="0.9"/>`;
        above += `<path d="${forest(s, { x0: L.r[0] + 20, x1: W + 20, ground: (x) => yAt(rr, x) + 6, hMin: 10 + i * 3, hMax: 18 + i * 5, gap: [0.4, 1] })}" fill="#1f3326" opacity="0.9"/>`;
      }
    }
    // haze between layers
    above += `<rect width="${W}" height="${waterY + 4}" fill="#f3dcc0" opacity="${f(fog * 0.35)}"/>`;
  });
  // waterfall on the right wall
  let fall = 'M1010,140';
  for (let y = 150; y <= waterY; y += 14) fall += `L${f(1010 - (y - 140) * 0.12 + s.rand(-2, 2))},${y}`;
  above += `<path d="${fall}" stroke="#f2f6f8" stroke-width="3" fill="none" opacity="0.85" filter="${s.blur(0.8)}"/>`;
  above += `<ellipse cx="975" cy="${waterY - 4}" rx="40" ry="12" fill="#ffffff" opacity="0.6" filter="${s.blur(6)}"/>`;
  const src = s.uid('src');
  s.def(`<g id="${src}">${above}</g>`);
  s.add(`<use xlink:href="#${src}"/>`);
  s.add(
    water(s, {
      sourceId: src,
      waterY,
      tint: '#244256',
      reflectOpacity: 0.8,
      rippleColor: '#fff0d0',
      ripples: 110,
      rippleOpacity: 0.18,
      blur: [1.2, 3],
    }),
  );
  // sun glitter path
  let gl = '';
  for (let i = 0; i < 170; i += 1) {
    const t = s.random() ** 1.3;
    const y = waterY + 4 + t * (H - waterY);
    const spread = 20 + t * 260;
    const x = 660 + s.rand(-spread, spread) * s.random();
    gl += `<rect x="${f(x)}" y="${f(y)}" width="${f(4 + t * 26)}" height="${f(1 + t * 2)}" rx="1" fill="#fff3d6" opacity="${f(s.rand(0.2, 0.8) * (1 - t * 0.5))}"/>`;
  }
  s.add(`<g filter="${s.blur(0.6)}">${gl}</g>`);
  // mist banks
  for (let i = 0; i < 6; i += 1) {
    s.add(
      `<ellipse cx="${f(s.rand(100, 1180))}" cy="${f(waterY + s.rand(-14, 30))}" rx="${f(s.rand(160, 340))}" ry="${f(s.rand(10, 24))}" fill="#fff6ea" opacity="${f(s.rand(0.12, 0.3))}" filter="${s.blur(18, 8)}"/>`,
    );
  }
  // boat with wake
  const bx = 560;
  const by = 618;
  s.add(
    `<path d="M${bx - 8},${by} Q${bx - 150},${by - 4} ${bx - 330},${by - 14} M${bx - 6},${by + 4} Q${bx - 140},${by + 30} ${bx - 300},${by + 70} M${bx + 88},${by - 2} Q${bx + 40},${by + 18} ${bx - 40},${by + 34}" stroke="#fff4e0" stroke-width="3" opacity="0.35" fill="none" filter="${s.blur(2)}"/>`,
  );
  s.add(
    `<ellipse cx="${bx + 35}" cy="${by + 8}" rx="62" ry="7" fill="#0e1c26" opacity="0.5" filter="${s.blur(3)}"/>`,
  );
  s.add(
    `<path d="M${bx - 20},${by - 16} L${bx + 92},${by - 16} L${bx + 78},${by + 4} L${bx - 6},${by + 4}Z" fill="#b8322a"/>`,
  );
  s.add(
    `<path d="M${bx - 20},${by - 16} L${bx + 92},${by - 16} L${bx + 90},${by - 11} L${bx - 17},${by - 11}Z" fill="#f4efe6"/>`,
  );
  s.add(
    `<path d="M${bx + 10},${by - 16} L${bx + 14},${by - 36} L${bx + 48},${by - 36} L${bx + 54},${by - 16}Z" fill="#f1ede4"/>`,
  );
  s.add(
    `<path d="M${bx + 18},${by - 32} L${bx + 30},${by - 32} L${bx + 30},${by - 22} L${bx + 17},${by - 22}Z M${bx + 34},${by - 32} L${bx + 46},${by - 32} L${bx + 49},${by - 22} L${bx + 34},${by - 22}Z" fill="#3b5568"/>`,
  );
  s.add(`<rect x="${bx + 40}" y="${by - 54}" width="2" height="20" fill="#2b2b2b"/>`);
  s.add(
    `<path d="M${bx - 20},${by - 16} L${bx + 92},${by - 16}" stroke="#ffe3b0" stroke-width="1.5" opacity="0.8"/>`,
  );
  s.add(vignette(s, 0.35));
  return s;
};

// ------------------------------------------------------------------ pinehollow-forest
scenes['pinehollow-forest'] = () => {
  const s = new Scene(606);
  const sun = [300, 110];
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.linear([
      [0, '#fbe2a6'],
      [0.45, '#efb36a'],
      [0.75, '#d98945'],
      [1, '#9c5a2c'],
    ])}"/>`,
  );
  s.add(
    `<circle cx="${sun[0]}" cy="${sun[1]}" r="260" fill="#fff3cf" opacity="0.8" filter="${s.blur(60)}"/>`,
  );
  // forest layers, far to near, fading into the warm haze
  const layers = [
    { ground: 520, h: [160, 300], col: '#e0ae72', leafy: ['#e9b877', '#e3a866'] },
    { ground: 545, h: [200, 360], col: '#c48a55', leafy: ['#d98f3e', '#e0a74a', '#cf7a35'] },
    { ground: 575, h: [260, 440], col: '#94603a', leafy: ['#c8642a', '#dc8a2c', '#e8b03a'] },
  ];
  layers.forEach((L, i) => {
    const g = hills(s, {
      y: L.ground,
      waves: [
        [10, 600],
        [4, 170],
      ],
    });
    let leafy = '';
    for (let k = 0; k < 7 + i * 2; k += 1) {
      const x = s.rand(-40, W + 40);
      const hgt = s.rand(L.h[0] * 0.45, L.h[0] * 0.75);
      leafy += leafyTree(s, { x, base: yAt(g, x) + 4, h: hgt, r: hgt * 0.35, trunk: L.col, colors: L.leafy });
    }
    s.add(`<g opacity="${0.85 + i * 0.05}">${leafy}</g>`);
    s.add(
      `<path d="${forest(s, { ground: (x) => yAt(g, x) + 6, hMin: L.h[0], hMax: L.h[1], gap: [0.2, 0.55], wRatio: 0.3 })}" fill="${L.col}"/>`,
    );
    s.add(`<path d="${area(g, H)}" fill="${L.col}"/>`);
    s.add(`<rect width="${W}" height="${H}" fill="#f6c27e" opacity="${0.12 - i * 0.03}"/>`);
  });
  // god rays
  let rays = '';
  for (let i = 0; i < 9; i += 1) {
    const a = s.rand(0.35, 1.25);
    const spread = s.rand(0.02, 0.06);
    const L = 1400;
    rays += `<path d="M${sun[0]},${sun[1]} L${f(sun[0] + Math.cos(a - spread) * L)},${f(sun[1] + Math.sin(a - spread) * L)} L${f(sun[0] + Math.cos(a + spread) * L)},${f(sun[1] + Math.sin(a + spread) * L)}Z" fill="#fff1c8" opacity="${f(s.rand(0.12, 0.28))}"/>`;
  }
  s.add(`<g filter="${s.blur(12)}" style="mix-blend-mode:screen">${rays}</g>`);
  // forest floor
  const floor = hills(s, {
    y: 610,
    waves: [
      [8, 700],
      [4, 200],
    ],
  });
  s.add(
    `<path d="${area(floor, H)}" fill="${s.linear([
      [0, '#a4622e'],
      [0.5, '#7a4220'],
      [1, '#4a2713'],
    ])}"/>`,
  );
  // path to the cabin
  s.add(
    `<path d="M600,${H} C610,720 700,680 700,${f(yAt(floor, 700))} L740,${f(yAt(floor, 740))} C760,680 820,720 860,${H}Z" fill="#c98b52" opacity="0.55"/>`,
  );
  // cabin among the trees
  s.add(
    cabin(s, {
      x: 600,
      gy: 622,
      w: 150,
      h: 84,
      roofH: 66,
      depth: 180,
      skew: 0.2,
      wall: '#6e4228',
      wallSide: '#52301c',
      log: '#2e190c',
      roofSide: '#4a3a2a',
      fascia: '#2b1a10',
      trim: '#e6c79a',
      glass: '#ffd27e',
      glow: '#ffb04a',
      frontWindows: [[0.5, 0.4, 0.3, 0.3]],
      sideWindows: [
        [0.3, 0.42, 0.2, 0.32],
        [0.68, 0.42, 0.2, 0.32],
      ],
      smoke: { color: '#f4dcc0', opacity: 0.45, drift: 1.2, size: 7 },
    }),
  );
  // near trees around the cabin
  let near = '';
  for (const [x, hgt] of [
    [470, 470],
    [530, 390],
    [960, 430],
    [1010, 520],
  ])
    near += spruce(s, x, yAt(floor, x) + 10, hgt, hgt * 0.3);
  s.add(`<path d="${near}" fill="#4b2c18"/>`);
  s.add(
    leafyTree(s, {
      x: 380,
      base: yAt(floor, 380) + 8,
      h: 250,
      r: 95,
      trunk: '#3d2414',
      colors: ['#8f2f12', '#b8461a', '#d9682a', '#f09a3a'],
    }),
  );
  s.add(
    leafyTree(s, {
      x: 1110,
      base: yAt(floor, 1110) + 8,
      h: 230,
      r: 90,
      trunk: '#3d2414',
      colors: ['#b86a1c', '#d98f2a', '#eeb640', '#f8d76a'],
    }),
  );
  // fallen leaves
  let leaves = '';
  for (let i = 0; i < 420; i += 1) {
    const x = s.rand(-10, W + 10);
    const top = yAt(floor, x);
    const y = top + (H - top) * s.random() ** 0.8;
    const sc = 0.6 + ((y - top) / (H - top)) * 1.8;
    leaves += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(2.6 * sc)}" ry="${f(1.3 * sc)}" fill="${s.pick(['#e08a2e', '#c9561f', '#f0b440', '#a8441a', '#d86c24'])}" opacity="${f(s.rand(0.6, 1))}" transform="rotate(${f(s.rand(-40, 40))} ${f(x)} ${f(y)})"/>`;
  }
  s.add(leaves);
  // big pine trunks in the foreground
  const trunk = (x, w) => {
    const g = s.linear(
      [
        [0, '#2a1509'],
        [0.35, '#8a4a24'],
        [0.55, '#b4653a'],
        [1, '#3a1c0c'],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    );
    let o = `<path d="M${f(x - w / 2)},-10 L${f(x + w / 2)},-10 L${f(x + w / 2 + w * 0.12)},${H + 10} L${f(x - w / 2 - w * 0.12)},${H + 10}Z" fill="${g}"/>`;
    let bark = '';
    for (let i = 0; i < 40; i += 1) {
      const yy = s.rand(0, H);
      const xx = x + s.rand(-w * 0.45, w * 0.4);
      bark += `M${f(xx)},${f(yy)}l${f(s.rand(4, w * 0.25))},${f(s.rand(-3, 3))}`;
    }
    o += `<path d="${bark}" stroke="#24110a" stroke-width="2" opacity="0.45" fill="none"/>`;
    return o;
  };
  s.add(trunk(60, 70), trunk(1215, 90), trunk(170, 34));
  // dry grass tufts at the bottom
  let fern = '';
  for (let i = 0; i < 150; i += 1) {
    const x = s.pick([s.rand(-20, 380), s.rand(880, 1300)]);
    const len = s.rand(40, 120);
    const lean = s.rand(-30, 30);
    fern += `<path d="M${f(x)},${H + 4} Q${f(x + lean * 0.2)},${f(H - len * 0.6)} ${f(x + lean)},${f(H - len)}" stroke="${s.pick(['#a8521e', '#c2662a', '#8f4418', '#d88a3a'])}" stroke-width="${f(s.rand(1.5, 3))}" fill="none" stroke-linecap="round"/>`;
  }
  s.add(fern);
  s.add(vignette(s, 0.45));
  return s;
};

// ------------------------------------------------------------------ pinehollow-cabin
scenes['pinehollow-cabin'] = () => {
  const s = new Scene(707);
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.linear([
      [0, '#5fa6e0'],
      [0.35, '#a9d2ef'],
      [0.55, '#f6e6c4'],
    ])}"/>`,
  );
  s.add(`<circle cx="1130" cy="110" r="46" fill="#fff8e0"/>`);
  s.add(`<circle cx="1130" cy="110" r="200" fill="#fff0c0" opacity="0.55" filter="${s.blur(50)}"/>`);
  s.add(cloud(s, { x: 90, y: 110, w: 240, h: 56, shade: '#e6e9ef' }));
  s.add(cloud(s, { x: 520, y: 70, w: 180, h: 44, shade: '#e6e9ef', opacity: 0.85 }));
  // distant hills and tree line
  const h1 = hills(s, {
    y: 400,
    waves: [
      [30, 900],
      [12, 300],
    ],
  });
  s.add(`<path d="${area(h1, H)}" fill="#9cc0b0"/>`);
  const h2 = hills(s, {
    y: 445,
    waves: [
      [20, 700],
      [8, 220],
    ],
  });
  s.add(
    `<path d="${forest(s, { ground: (x) => yAt(h2, x) + 4, hMin: 30, hMax: 70, gap: [0.3, 0.9] })}" fill="#4f7f58"/>`,
  );
  let lt = '';
  for (let i = 0; i < 12; i += 1) {
    const x = s.rand(0, W);
    lt += leafyTree(s, {
      x,
      base: yAt(h2, x) + 6,
      h: s.rand(40, 70),
      r: s.rand(22, 34),
      trunk: '#4a5f45',
      colors: ['#4c7f4a', '#5d9354', '#6fa860'],
    });
  }
  s.add(lt);
  s.add(`<path d="${area(h2, H)}" fill="#76a858"/>`);
  // meadow
  const m = hills(s, {
    y: 520,
    waves: [
      [10, 800],
      [5, 240],
    ],
  });
  s.add(
    `<path d="${area(m, H)}" fill="${s.linear([
      [0, '#b9d867'],
      [0.4, '#8dbb45'],
      [1, '#5a8f2e'],
    ])}"/>`,
  );
  // ---- cabin with porch: long side towards the viewer, gable end on the right
  const x0 = 330;
  const x1 = 930;
  const base = 612;
  const eaveY = 405;
  const roofH = 120;
  const dx = 130;
  const dy = -38;
  const ov = 14;
  const red = '#a3352a';
  const redDark = '#7a241c';
  const white = '#f3efe6';
  let c = '';
  c += `<ellipse cx="${(x0 + x1) / 2 + 60}" cy="${base + 18}" rx="470" ry="36" fill="#3f6a22" opacity="0.45" filter="${s.blur(10)}"/>`;
  // gable end
  c += `<path d="${poly([
    [x1, base],
    [x1 + dx, base + dy],
    [x1 + dx, eaveY + dy],
    [x1 + dx / 2, eaveY + dy / 2 - roofH],
    [x1, eaveY],
  ])}" fill="${redDark}"/>`;
  let gb = '';
  for (let x = x1 + 10; x < x1 + dx; x += 11) {
    const t = (x - x1) / dx;
    const top = t < 0.5 ? eaveY + dy * t - roofH * t * 2 : eaveY + dy * t - roofH * (1 - t) * 2;
    gb += `M${f(x)},${f(base + dy * t)}L${f(x)},${f(top)}`;
  }
  c += `<path d="${gb}" stroke="#5e1a14" stroke-width="1.5" opacity="0.6"/>`;
  c += `<path d="M${x1 + 40},${f(base - 150 + dy * (40 / dx))} l46,${f(dy * (46 / dx))} l0,64 l-46,${f(-dy * (46 / dx))}Z" fill="#bfe0f2" stroke="${white}" stroke-width="5"/>`;
  // front wall with vertical boards
  c += `<rect x="${x0}" y="${eaveY}" width="${x1 - x0}" height="${base - eaveY}" fill="${red}"/>`;
  let boards = '';
  for (let x = x0 + 12; x < x1; x += 12) boards += `M${x},${eaveY}V${base}`;
  c += `<path d="${boards}" stroke="${redDark}" stroke-width="1.5" opacity="0.55"/>`;
  c += `<rect x="${x0 - 4}" y="${eaveY}" width="9" height="${base - eaveY}" fill="${white}"/><rect x="${x1 - 5}" y="${eaveY}" width="9" height="${base - eaveY}" fill="${white}"/>`;
  // windows & door
  const glass = s.linear([
    [0, '#dff1fb'],
    [0.55, '#8fc3e4'],
    [1, '#4b7fa8'],
  ]);
  const win = (x, y, w, h) =>
    `<rect x="${x - 6}" y="${y - 6}" width="${w + 12}" height="${h + 12}" fill="${white}"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${glass}"/>` +
    `<path d="M${x + w / 2},${y}V${y + h}M${x},${y + h / 2}H${x + w}" stroke="${white}" stroke-width="4"/>` +
    `<path d="M${x + 6},${y + h - 6} L${x + w / 2 - 6},${y + 6}" stroke="#fff" stroke-width="5" opacity="0.35"/>` +
    `<rect x="${x - 10}" y="${y + h + 6}" width="${w + 20}" height="6" fill="${white}"/>`;
  c += win(400, 470, 90, 84);
  c += win(760, 470, 90, 84);
  c += `<rect x="590" y="452" width="84" height="${base - 452}" fill="${white}"/><rect x="598" y="460" width="68" height="${base - 460}" fill="#6b2a1f"/>`;
  c += `<rect x="608" y="470" width="48" height="54" fill="${glass}"/><circle cx="656" cy="545" r="4" fill="#e2c07a"/>`;
  // porch roof shadow on the wall
  c += `<rect x="${x0}" y="${eaveY}" width="${x1 - x0}" height="70" fill="${s.linear([
    [0, '#000', 0.4],
    [1, '#000', 0],
  ])}"/>`;
  // main roof (front plane)
  const A = [x0 - ov, eaveY + 4];
  const B = [x1 + ov, eaveY + 4];
  const C = [x1 + ov + dx / 2, eaveY + dy / 2 - roofH];
  const D = [x0 - ov + dx / 2, eaveY + dy / 2 - roofH];
  c += `<path d="${poly([A, B, C, D])}" fill="${s.linear(
    [
      [0, '#3d3a3e'],
      [1, '#56525a'],
    ],
    { x1: 0, y1: 1, x2: 0, y2: 0 },
  )}"/>`;
  let seams = '';
  for (let x = A[0] + 22; x < B[0]; x += 22) seams += `M${x},${A[1]}L${f(x + dx / 2)},${f(C[1])}`;
  c += `<path d="${seams}" stroke="#2a282c" stroke-width="2" opacity="0.6"/>`;
  const E = [C[0] + dx / 2, B[1] + dy];
  c += `<path d="${poly([[x1, eaveY], [x1 + dx / 2, eaveY + dy / 2 - roofH], [x1 + dx, eaveY + dy], E, C, B])}" fill="#4a1c16"/>`;
  c += `<path d="M${f(B[0])},${f(B[1])} L${f(C[0])},${f(C[1])} L${f(E[0])},${f(E[1])}" stroke="${white}" stroke-width="7" fill="none" stroke-linejoin="round"/>`;
  c += `<path d="M${f(A[0])},${f(A[1])} L${f(B[0])},${f(B[1])}" stroke="#2a282c" stroke-width="6"/>`;
  // chimney
  c += `<rect x="470" y="${f(C[1] - 30)}" width="30" height="70" fill="#8a4a3a"/><rect x="466" y="${f(C[1] - 36)}" width="38" height="8" fill="#5a2e24"/>`;
  // porch: deck, roof, posts, railing, steps
  const py = base - 8;
  c += `<path d="${poly([
    [x0 - 40, py],
    [x1 + 40, py],
    [x1 + 60, py + 26],
    [x0 - 60, py + 26],
  ])}" fill="#c89a63"/>`;
  let planks = '';
  for (let i = 1; i < 4; i += 1) planks += `M${x0 - 40 - i * 5},${py + i * 6.5}H${x1 + 40 + i * 5}`;
  c += `<path d="${planks}" stroke="#a67a48" stroke-width="1.2"/>`;
  c += `<rect x="${x0 - 60}" y="${py + 26}" width="${x1 - x0 + 120}" height="14" fill="#8a6038"/>`;
  // steps
  for (let i = 0; i < 3; i += 1) {
    c += `<rect x="${580 - i * 10}" y="${py + 40 + i * 13}" width="${104 + i * 20}" height="13" fill="${i % 2 ? '#b58756' : '#c89a63'}"/>`;
  }
  // chairs on the porch
  const chair = (x, flip) => {
    const k = flip ? -1 : 1;
    return `<path d="M${x},${py + 4} l${k * 8},-44 l${k * 30},4 l${k * -4},40 M${x + k * 4},${py - 22} l${k * 44},0 M${x + k * 34},${py + 4} l${k * 4},-26" stroke="#2f5d7a" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  };
  c += chair(470, false) + chair(860, true);
  c += `<rect x="876" y="${py - 36}" width="26" height="26" fill="#b35a3a"/><circle cx="889" cy="${py - 44}" r="16" fill="#4f8f3a"/><circle cx="883" cy="${py - 50}" r="4" fill="#f26a8d"/><circle cx="896" cy="${py - 42}" r="4" fill="#ffd34d"/>`;
  // porch roof
  const pr = eaveY + 16;
  c += `<path d="${poly([
    [x0 - 50, pr],
    [x1 + 50, pr],
    [x1 + 74, pr + 40],
    [x0 - 74, pr + 40],
  ])}" fill="#48444a"/>`;
  c += `<rect x="${x0 - 74}" y="${pr + 40}" width="${x1 - x0 + 148}" height="10" fill="${white}"/>`;
  // posts & railing
  let posts = '';
  for (const x of [x0 - 60, x0 + 140, 560, 704, x1 - 140, x1 + 60])
    posts += `<rect x="${x - 5}" y="${pr + 50}" width="10" height="${py + 26 - pr - 50}" fill="${white}"/>`;
  let rail = `<path d="M${x0 - 60},${py - 30}H560M704,${py - 30}H${x1 + 60}" stroke="${white}" stroke-width="6"/>`;
  let bal = '';
  for (let x = x0 - 50; x < x1 + 60; x += 16) if (x < 556 || x > 708) bal += `M${x},${py - 30}V${py + 24}`;
  rail += `<path d="${bal}" stroke="${white}" stroke-width="3"/>`;
  c += rail + posts;
  // hanging lantern
  c += `<path d="M632,${pr + 50} v22" stroke="#333" stroke-width="2"/><rect x="624" y="${pr + 72}" width="16" height="22" rx="3" fill="#ffd98a" stroke="#333" stroke-width="2"/>`;
  s.add(c);
  // flowers and grass in the meadow
  let grass = '';
  for (let i = 0; i < 1300; i += 1) {
    const x = s.rand(-10, W + 10);
    const top = yAt(m, x);
    const y = top + (H - top) * s.random() ** 1.2;
    if (y < 650 && x > 250 && x < 1100) continue;
    const l = 4 + ((y - top) / (H - top)) * 26;
    grass += `M${f(x)},${f(y)}q${f(s.rand(-3, 3))},${f(-l / 2)} ${f(s.rand(-6, 6))},${f(-l)}`;
  }
  s.add(`<path d="${grass}" stroke="#4c7f28" stroke-width="1.6" opacity="0.55" fill="none"/>`);
  s.add(
    `<path d="${grass.split('M').slice(0, 500).join('M')}" stroke="#d5ec8a" stroke-width="1.3" opacity="0.45" fill="none" transform="translate(4 3)"/>`,
  );
  let fl = '';
  for (let i = 0; i < 260; i += 1) {
    const x = s.rand(0, W);
    const top = yAt(m, x);
    const y = top + 8 + (H - top) * s.random() ** 1.1;
    if (y < 660 && x > 250 && x < 1100) continue;
    const r = 1.5 + ((y - top) / (H - top)) * 4;
    fl += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${s.pick(['#ffffff', '#ffe14d', '#f6f0ff', '#b57bea', '#ff6f7d', '#ffb43d'])}"/>`;
  }
  s.add(fl);
  // birch on the left framing the view
  s.add(`<path d="M150,${H + 10} L160,140 L168,140 L184,${H + 10}Z" fill="#f1ede4"/>`);
  let marks = '';
  for (let i = 0; i < 16; i += 1)
    marks += `<rect x="${f(154 + s.rand(0, 10))}" y="${f(s.rand(160, 780))}" width="${f(s.rand(5, 12))}" height="3" fill="#2f2f2f"/>`;
  s.add(marks);
  s.add(
    leafyTree(s, {
      x: 165,
      base: 420,
      h: 300,
      r: 150,
      trunk: '#e8e4da',
      trunkW: 0.1,
      colors: ['#3f7a2a', '#5a9a36', '#7ab848', '#a0d264'],
    }),
  );
  s.add(vignette(s, 0.25));
  return s;
};

// ------------------------------------------------------------------ construction-foundation
scenes['construction-foundation'] = () => {
  const s = new Scene(808);
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.linear([
      [0, '#7f8993'],
      [0.35, '#a9b1b8'],
      [0.55, '#cfd3d5'],
    ])}"/>`,
  );
  for (let i = 0; i < 14; i += 1) {
    s.add(
      `<ellipse cx="${f(s.rand(-100, 1380))}" cy="${f(s.rand(20, 330))}" rx="${f(s.rand(160, 360))}" ry="${f(s.rand(30, 70))}" fill="${s.pick(['#6f7982', '#8b949c', '#c3c8cc', '#99a2a9'])}" opacity="${f(s.rand(0.35, 0.7))}" filter="${s.blur(28, 16)}"/>`,
    );
  }
  const far = hills(s, {
    y: 400,
    waves: [
      [24, 900],
      [10, 260],
    ],
  });
  s.add(`<path d="${area(far, H)}" fill="#8c979a"/>`);
  const tl = hills(s, {
    y: 455,
    waves: [
      [10, 700],
      [5, 200],
    ],
  });
  s.add(
    `<path d="${forest(s, { ground: (x) => yAt(tl, x) + 4, hMin: 50, hMax: 110, gap: [0.25, 0.6] })}" fill="#46524c"/>`,
  );
  s.add(`<path d="${area(tl, H)}" fill="#4f5a50"/>`);
  // ground
  const g = hills(s, {
    y: 490,
    waves: [
      [6, 800],
      [3, 200],
    ],
  });
  s.add(
    `<path d="${area(g, H)}" fill="${s.linear([
      [0, '#8a7a66'],
      [0.4, '#74604b'],
      [1, '#5a4634'],
    ])}"/>`,
  );
  // tyre tracks / texture
  let tex = '';
  for (let i = 0; i < 220; i += 1) {
    const x = s.rand(0, W);
    const y = s.rand(500, H);
    tex += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s.rand(3, 18))}" ry="${f(s.rand(1, 3))}" fill="${s.pick(['#5a4634', '#9c8a74', '#6b5642'])}" opacity="0.6"/>`;
  }
  s.add(tex);
  // gravel pad
  s.add(`<path d="M90,622 L700,622 L850,520 L260,520Z" fill="#9d958a"/>`);
  let grav = '';
  for (let i = 0; i < 500; i += 1) {
    const t = s.random();
    const u = s.random();
    const x = 90 + 610 * u + 170 * t;
    const y = 622 - 100 * t;
    grav += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s.rand(0.6, 1.6))}" fill="${s.pick(['#7c756c', '#b8b1a6', '#6a645c'])}"/>`;
  }
  s.add(grav);
  // concrete slab (front-left part poured, back part rebar)
  const P = (u, t) => [140 + 500 * u + 150 * t, 606 - 80 * t]; // u: along the front, t: depth
  const slabTop = [P(0, 0), P(1, 0), P(1, 1), P(0, 1)];
  const hgt = 26;
  s.add(
    `<path d="${poly([P(0, 0), P(1, 0), [P(1, 0)[0], P(1, 0)[1] + hgt], [P(0, 0)[0], P(0, 0)[1] + hgt]])}" fill="#8d8e8b"/>`,
  );
  s.add(
    `<path d="${poly([P(1, 0), P(1, 1), [P(1, 1)[0], P(1, 1)[1] + hgt], [P(1, 0)[0], P(1, 0)[1] + hgt]])}" fill="#a3a4a0"/>`,
  );
  s.add(
    `<path d="${poly(slabTop)}" fill="${s.linear([
      [0, '#cfd0cc'],
      [1, '#b3b4b0'],
    ])}"/>`,
  );
  // wet concrete sheen on poured part, rebar grid on the back part
  s.add(`<path d="${poly([P(0, 0), P(0.62, 0), P(0.62, 1), P(0, 1)])}" fill="#9fa09c"/>`);
  s.add(
    `<path d="${poly([P(0.05, 0.1), P(0.5, 0.1), P(0.5, 0.5), P(0.05, 0.5)])}" fill="#e4e6e3" opacity="0.35" filter="${s.blur(8)}"/>`,
  );
  let rebar = '';
  for (let u = 0.64; u <= 0.99; u += 0.035)
    rebar += `M${f(P(u, 0.02)[0])},${f(P(u, 0.02)[1])}L${f(P(u, 0.98)[0])},${f(P(u, 0.98)[1])}`;
  for (let t = 0.04; t <= 0.98; t += 0.08)
    rebar += `M${f(P(0.63, t)[0])},${f(P(0.63, t)[1])}L${f(P(0.99, t)[0])},${f(P(0.99, t)[1])}`;
  s.add(`<path d="${rebar}" stroke="#6b3b22" stroke-width="2" fill="none"/>`);
  // formwork boards along the edges
  s.add(
    `<path d="M${f(P(0, 0)[0])},${f(P(0, 0)[1] - 6)}H${f(P(1, 0)[0])}" stroke="#c99a5a" stroke-width="8"/>`,
  );
  s.add(
    `<path d="M${f(P(1, 0)[0])},${f(P(1, 0)[1] - 6)}L${f(P(1, 1)[0])},${f(P(1, 1)[1] - 6)}" stroke="#b8864a" stroke-width="8"/>`,
  );
  let stakes = '';
  for (let u = 0.02; u < 1; u += 0.08)
    stakes += `<rect x="${f(P(u, 0)[0])}" y="${f(P(u, 0)[1] - 14)}" width="5" height="${hgt + 14}" fill="#a57640"/>`;
  s.add(stakes);
  // pipe stubs
  for (const [u, t, col] of [
    [0.3, 0.55, '#e46a2a'],
    [0.36, 0.6, '#e46a2a'],
    [0.8, 0.4, '#3c6fb0'],
  ]) {
    const [x, y] = P(u, t);
    s.add(
      `<rect x="${f(x - 4)}" y="${f(y - 24)}" width="8" height="24" fill="${col}"/><ellipse cx="${f(x)}" cy="${f(y - 24)}" rx="4" ry="1.8" fill="#222"/>`,
    );
  }
  // dirt pile
  s.add(`<path d="M610,612 Q660,520 730,540 Q790,500 860,560 Q900,590 930,612Z" fill="#6e5540"/>`);
  s.add(
    `<path d="M640,590 Q690,540 740,552 Q790,520 840,560" stroke="#8b725a" stroke-width="6" fill="none" opacity="0.7"/>`,
  );
  // excavator (facing left), anchored at its track centre
  const ex = 1040;
  const ey = 560;
  const Y = '#f0b323';
  const Yd = '#c68d12';
  let e = '';
  e += `<ellipse cx="${ex}" cy="${ey + 18}" rx="130" ry="12" fill="#2f261d" opacity="0.5" filter="${s.blur(4)}"/>`;
  e += `<rect x="${ex - 110}" y="${ey - 30}" width="220" height="44" rx="22" fill="#2c2c2c"/>`;
  for (let k = 0; k < 6; k += 1)
    e += `<circle cx="${ex - 86 + k * 34}" cy="${ey - 8}" r="11" fill="#4d4d4d" stroke="#1c1c1c" stroke-width="3"/>`;
  e += `<rect x="${ex - 60}" y="${ey - 48}" width="120" height="20" fill="#333"/>`;
  // upper body
  e += `<path d="${poly([
    [ex - 80, ey - 48],
    [ex + 120, ey - 48],
    [ex + 128, ey - 70],
    [ex + 120, ey - 110],
    [ex - 10, ey - 110],
    [ex - 80, ey - 90],
  ])}" fill="${Y}"/>`;
  e += `<path d="${poly([
    [ex - 80, ey - 48],
    [ex + 120, ey - 48],
    [ex + 120, ey - 56],
    [ex - 80, ey - 56],
  ])}" fill="${Yd}"/>`;
  e += `<path d="M${ex + 60},${ey - 110} h60 l8,40 l-8,22 h-60z" fill="${Yd}"/>`;
  // cab
  e += `<path d="${poly([
    [ex - 70, ey - 90],
    [ex - 10, ey - 110],
    [ex - 10, ey - 180],
    [ex - 60, ey - 180],
    [ex - 74, ey - 150],
  ])}" fill="${Y}"/>`;
  e += `<path d="${poly([
    [ex - 62, ey - 100],
    [ex - 18, ey - 112],
    [ex - 18, ey - 172],
    [ex - 55, ey - 172],
    [ex - 66, ey - 148],
  ])}" fill="${s.linear([
    [0, '#c9d6de'],
    [1, '#4a6270'],
  ])}"/>`;
  e += `<path d="M${ex - 50},${ey - 168} L${ex - 30},${ey - 108}" stroke="#fff" stroke-width="5" opacity="0.3"/>`;
  // boom and stick reaching into the pit area to the left
  const j0 = [ex - 40, ey - 100];
  const j1 = [ex - 210, ey - 250];
  const j2 = [ex - 330, ey - 60];
  e += `<path d="M${j0[0]},${j0[1]} L${j1[0]},${j1[1]}" stroke="${Y}" stroke-width="30" stroke-linecap="round"/>`;
  e += `<path d="M${j0[0]},${j0[1]} L${j1[0]},${j1[1]}" stroke="${Yd}" stroke-width="8" transform="translate(0 10)" stroke-linecap="round"/>`;
  e += `<path d="M${j1[0]},${j1[1]} L${j2[0]},${j2[1]}" stroke="${Y}" stroke-width="20" stroke-linecap="round"/>`;
  e += `<path d="M${ex - 60},${ey - 70} L${ex - 150},${ey - 200} M${j1[0] + 20},${j1[1] - 10} L${j2[0] + 30},${j2[1] - 60}" stroke="#9ea3a6" stroke-width="6" stroke-linecap="round"/>`;
  e += `<circle cx="${j1[0]}" cy="${j1[1]}" r="9" fill="#333"/>`;
  // bucket
  e += `<path d="${poly([
    [j2[0] + 12, j2[1] - 12],
    [j2[0] - 40, j2[1] + 10],
    [j2[0] - 30, j2[1] + 50],
    [j2[0] + 24, j2[1] + 40],
  ])}" fill="#3a3a3a"/>`;
  e += `<path d="M${j2[0] - 30},${j2[1] + 50} l-6,8 M${j2[0] - 14},${j2[1] + 48} l-6,8 M${j2[0] + 2},${j2[1] + 45} l-6,8 M${j2[0] + 18},${j2[1] + 42} l-6,8" stroke="#2a2a2a" stroke-width="5"/>`;
  e += `<path d="M${j2[0] - 34},${j2[1] + 14} Q${j2[0] - 6},${j2[1] - 8} ${j2[0] + 20},${j2[1] - 2}" stroke="#6e5540" stroke-width="10" fill="none"/>`;
  s.add(e);
  // puddles reflecting the grey sky
  for (const [x, y, rx] of [
    [160, 690, 80],
    [700, 700, 120],
    [1120, 720, 70],
  ]) {
    s.add(
      `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${rx * 0.16}" fill="${s.linear([
        [0, '#c7ccd0'],
        [1, '#8e979e'],
      ])}" opacity="0.85"/>`,
    );
  }
  // traffic cones
  const cone = (x, y, k = 1) =>
    `<path d="M${x - 16 * k},${y} L${x - 5 * k},${y - 46 * k} L${x + 5 * k},${y - 46 * k} L${x + 16 * k},${y}Z" fill="#f26722"/>` +
    `<path d="M${x - 11 * k},${y - 16 * k} L${x + 11 * k},${y - 16 * k} L${x + 9 * k},${y - 26 * k} L${x - 9 * k},${y - 26 * k}Z" fill="#f4f4f4"/>` +
    `<rect x="${x - 22 * k}" y="${y - 4 * k}" width="${44 * k}" height="${6 * k}" fill="#2a2a2a"/>`;
  s.add(cone(60, 640), cone(130, 650, 0.9), cone(1200, 640, 1.1));
  // site fence in the foreground
  const mesh = s.uid('mesh');
  s.def(
    `<pattern id="${mesh}" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M0,0H12M0,0V12" stroke="#d4d7d9" stroke-width="1.2" opacity="0.8"/></pattern>`,
  );
  let fence = '';
  const top = 632;
  const bot = 758;
  for (let x = -60; x < W + 60; x += 190) {
    fence += `<rect x="${x}" y="${top}" width="190" height="${bot - top}" fill="url(#${mesh})"/>`;
    fence += `<rect x="${x - 3}" y="${top - 4}" width="7" height="${bot - top + 8}" fill="#b9bec2"/>`;
    fence += `<rect x="${x - 26}" y="${bot}" width="52" height="22" rx="3" fill="#5d6164"/>`;
    fence += `<path d="M${x},${top}H${x + 190}M${x},${bot}H${x + 190}" stroke="#b9bec2" stroke-width="5"/>`;
  }
  // privacy scrim with a simple logo stripe on two panels
  for (const k of [2, 5]) {
    fence += `<rect x="${-60 + 190 * k}" y="${top + 30}" width="190" height="60" fill="#2f6f4f" opacity="0.92"/>`;
    fence += `<rect x="${-60 + 190 * k + 20}" y="${top + 52}" width="150" height="16" rx="8" fill="#e9f3ec" opacity="0.9"/>`;
  }
  s.add(fence);
  s.add(`<rect x="0" y="${bot + 10}" width="${W}" height="${H - bot}" fill="#4a3a2b" opacity="0.6"/>`);
  s.add(vignette(s, 0.35));
  return s;
};

// ------------------------------------------------------------------ construction-timber
scenes['construction-timber'] = () => {
  const s = new Scene(909);
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.linear([
      [0, '#1e6cc4'],
      [0.4, '#56a2e4'],
      [0.62, '#bfe0f6'],
    ])}"/>`,
  );
  s.add(cloud(s, { x: 60, y: 170, w: 300, h: 80, shade: '#d3dfea' }));
  s.add(cloud(s, { x: 420, y: 80, w: 220, h: 60, shade: '#d3dfea', opacity: 0.9 }));
  s.add(cloud(s, { x: 900, y: 230, w: 260, h: 70, shade: '#d3dfea', opacity: 0.95 }));
  const far = hills(s, {
    y: 455,
    waves: [
      [26, 1000],
      [10, 300],
    ],
  });
  s.add(`<path d="${area(far, H)}" fill="#86b39a"/>`);
  const tl = hills(s, {
    y: 500,
    waves: [
      [12, 700],
      [5, 200],
    ],
  });
  s.add(
    `<path d="${forest(s, { ground: (x) => yAt(tl, x) + 4, hMin: 50, hMax: 120, gap: [0.25, 0.6] })}" fill="#2f6a3c"/>`,
  );
  s.add(`<path d="${area(tl, H)}" fill="#4f8a45"/>`);
  const g = hills(s, {
    y: 560,
    waves: [
      [5, 800],
      [2, 200],
    ],
  });
  s.add(
    `<path d="${area(g, H)}" fill="${s.linear([
      [0, '#c4ab84'],
      [1, '#9c8260'],
    ])}"/>`,
  );
  let gr = '';
  for (let i = 0; i < 260; i += 1) {
    const x = s.rand(0, W);
    const y = s.rand(565, H);
    gr += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s.rand(0.8, 2.4))}" fill="${s.pick(['#8a7050', '#d8c4a0', '#a88d68'])}"/>`;
  }
  s.add(gr);
  // ---- timber frame on a concrete base (oblique projection)
  const x = 360;
  const gy = 640;
  const w = 330;
  const h = 170;
  const roofH = 135;
  const D = 380;
  const skew = 0.24;
  const O = (px, py, t) => [px + D * t, py - D * skew * t];
  // concrete base
  s.add(
    `<path d="${poly([
      [x - 12, gy + 4],
      [x + w + 12, gy + 4],
      O(x + w + 12, gy + 4, 1),
      O(x - 12, gy + 4, 1),
    ])}" fill="#cfd0cc"/>`,
  );
  s.add(
    `<path d="${poly([
      [x - 12, gy + 4],
      [x + w + 12, gy + 4],
      [x + w + 12, gy + 28],
      [x - 12, gy + 28],
    ])}" fill="#a6a7a3"/>`,
  );
  s.add(
    `<path d="${poly([
      [x + w + 12, gy + 4],
      O(x + w + 12, gy + 4, 1),
      O(x + w + 12, gy + 28, 1),
      [x + w + 12, gy + 28],
    ])}" fill="#b9bab6"/>`,
  );
  // floor deck
  s.add(`<path d="${poly([[x, gy], [x + w, gy], O(x + w, gy, 1), O(x, gy, 1)])}" fill="#d8b57c"/>`);
  const beam = (pts, wdt = 7, light = '#e8c088', dark = '#9c6d3a') =>
    `<path d="${pts}" stroke="${dark}" stroke-width="${wdt + 3}" stroke-linecap="square" fill="none"/><path d="${pts}" stroke="${light}" stroke-width="${wdt}" stroke-linecap="square" fill="none"/>`;
  const seg = (a, b) => `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  let back = '';
  let front = '';
  // back wall (far long side = left side seen through the frame) and back gable
  for (let t = 0; t <= 1.001; t += 0.1) back += seg(O(x, gy, t), O(x, gy - h, t));
  back += seg(O(x, gy - h, 0), O(x, gy - h, 1));
  const bg = (px, py) => O(px, py, 1);
  for (let u = 0; u <= 1.001; u += 0.1) {
    const px = x + w * u;
    const top = gy - h - roofH * (1 - Math.abs(u - 0.5) * 2);
    back += seg(bg(px, gy), bg(px, top));
  }
  back +=
    seg(bg(x, gy - h), bg(x + w / 2, gy - h - roofH)) + seg(bg(x + w / 2, gy - h - roofH), bg(x + w, gy - h));
  back += seg(bg(x, gy - h), bg(x + w, gy - h));
  s.add(`<g opacity="0.85">${beam(back, 5, '#d4a66a', '#8a5c2c')}</g>`);
  // rafters along the depth (first 75% placed)
  let raft = '';
  for (let t = 0; t <= 1.001; t += 0.125) {
    raft += seg(O(x - 14, gy - h + 8, t), O(x + w / 2, gy - h - roofH, t));
    if (t <= 0.76) raft += seg(O(x + w / 2, gy - h - roofH, t), O(x + w + 14, gy - h + 8, t));
  }
  raft += seg(O(x + w / 2, gy - h - roofH, 0), O(x + w / 2, gy - h - roofH, 1));
  s.add(beam(raft, 6));
  // near side wall (right) studs
  for (let t = 0; t <= 1.001; t += 0.1) front += seg(O(x + w, gy, t), O(x + w, gy - h, t));
  front += seg(O(x + w, gy - h, 0), O(x + w, gy - h, 1)) + seg(O(x + w, gy - 4, 0), O(x + w, gy - 4, 1));
  // window opening header on the side wall
  front +=
    seg(O(x + w, gy - 110, 0.3), O(x + w, gy - 110, 0.5)) +
    seg(O(x + w, gy - 60, 0.3), O(x + w, gy - 60, 0.5));
  // front gable wall
  for (let u = 0; u <= 1.001; u += 1 / 11) {
    const px = x + w * u;
    const top = gy - h - roofH * (1 - Math.abs(u - 0.5) * 2);
    if (u > 0.36 && u < 0.64) {
      front += seg([px, gy - 120], [px, top]);
    } else front += seg([px, gy], [px, top]);
  }
  front += seg([x, gy - 4], [x + w, gy - 4]) + seg([x, gy - h], [x + w, gy - h]);
  front += seg([x + w * 0.36, gy - 120], [x + w * 0.64, gy - 120]);
  front +=
    seg([x - 14, gy - h + 8], [x + w / 2, gy - h - roofH]) +
    seg([x + w / 2, gy - h - roofH], [x + w + 14, gy - h + 8]);
  // diagonal bracing
  front += seg([x, gy - 8], [x + w * 0.3, gy - h + 8]);
  s.add(beam(front, 8));
  // workers
  const worker = (px, py) =>
    `<rect x="${px - 6}" y="${py - 30}" width="12" height="18" rx="3" fill="#f2e12e"/><rect x="${px - 5}" y="${py - 12}" width="4" height="14" fill="#2f3e55"/><rect x="${px + 1}" y="${py - 12}" width="4" height="14" fill="#2f3e55"/><circle cx="${px}" cy="${py - 36}" r="5" fill="#e0b08a"/><path d="M${px - 7},${py - 38} a7,6 0 0 1 14,0z" fill="#f28c1e"/>`;
  s.add(worker(...O(x + w * 0.7, gy, 0.35)), worker(...O(x + w * 0.25, gy, 0.6)));
  // lumber stacks
  const stack = (sx, sy, n, m) => {
    let o = '';
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < m; c += 1) {
        o += `<rect x="${sx + c * 16 + (r % 2) * 4}" y="${sy - r * 10}" width="15" height="9" fill="#e3bd82" stroke="#9c6d3a" stroke-width="1"/>`;
      }
      o += `<path d="M${sx + m * 16 + (r % 2) * 4},${sy - r * 10} l150,-24 v9 l-150,24z" fill="#c99c5e"/>`;
    }
    return o;
  };
  s.add(stack(120, 700, 5, 6), stack(900, 720, 4, 5));
  // ---- tower crane
  const mx = 1080;
  const mTop = 70;
  const Yc = '#f2c12e';
  const Ycd = '#b88a12';
  let cr = '';
  const lattice = (x0, y0, x1, y1, wdt, n, vertical) => {
    let o = '';
    if (vertical) {
      o += `M${x0},${y0}V${y1}M${x0 + wdt},${y0}V${y1}`;
      const stp = (y1 - y0) / n;
      for (let i = 0; i < n; i += 1)
        o += `M${x0},${f(y0 + stp * i)}L${x0 + wdt},${f(y0 + stp * (i + 0.5))}L${x0},${f(y0 + stp * (i + 1))}M${x0},${f(y0 + stp * i)}H${x0 + wdt}`;
    } else {
      o += `M${x0},${y0}H${x1}M${x0},${y0 + wdt}H${x1}`;
      const stp = (x1 - x0) / n;
      for (let i = 0; i < n; i += 1)
        o += `M${f(x0 + stp * i)},${y0 + wdt}L${f(x0 + stp * (i + 0.5))},${y0}L${f(x0 + stp * (i + 1))},${y0 + wdt}`;
    }
    return o;
  };
  cr += `<rect x="${mx - 36}" y="652" width="100" height="26" fill="#a6a7a3"/>`;
  cr += `<path d="${lattice(mx, mTop + 30, 0, 660, 28, 30, true)}" stroke="${Yc}" stroke-width="3" fill="none"/>`;
  cr += `<path d="M${mx},${mTop + 30}V660M${mx + 28},${mTop + 30}V660" stroke="${Ycd}" stroke-width="4.5"/>`;
  // jib (to the left) and counter-jib (right)
  cr += `<path d="${lattice(470, mTop + 30, mx + 28, 0, 18, 34, false)}" stroke="${Yc}" stroke-width="2.6" fill="none"/>`;
  cr += `<path d="M470,${mTop + 48}H${mx}" stroke="${Ycd}" stroke-width="4"/>`;
  cr += `<path d="${lattice(mx + 28, mTop + 30, 1270, 0, 16, 8, false)}" stroke="${Yc}" stroke-width="2.6" fill="none"/>`;
  cr += `<rect x="1200" y="${mTop + 46}" width="22" height="38" fill="#9c9d99"/><rect x="1226" y="${mTop + 46}" width="22" height="38" fill="#8a8b87"/>`;
  // top A-frame and pendant lines
  cr += `<path d="M${mx},${mTop + 30} L${mx + 14},${mTop - 50} L${mx + 28},${mTop + 30}" stroke="${Yc}" stroke-width="5" fill="none"/>`;
  cr += `<path d="M${mx + 14},${mTop - 50} L620,${mTop + 30} M${mx + 14},${mTop - 50} L1250,${mTop + 30}" stroke="#4a4a4a" stroke-width="1.6"/>`;
  // operator cab
  cr += `<rect x="${mx - 26}" y="${mTop + 50}" width="26" height="30" fill="${Yc}"/><rect x="${mx - 23}" y="${mTop + 54}" width="18" height="14" fill="#3e6a88"/>`;
  // trolley, cable and load (a bundle of rafters)
  const tx = 560;
  const hookY = 280;
  cr += `<rect x="${tx - 12}" y="${mTop + 48}" width="24" height="10" fill="#555"/>`;
  cr += `<path d="M${tx - 3},${mTop + 58}V${hookY}M${tx + 3},${mTop + 58}V${hookY}" stroke="#333" stroke-width="1.4"/>`;
  cr += `<rect x="${tx - 8}" y="${hookY}" width="16" height="12" fill="#f2c12e"/><path d="M${tx},${hookY + 12} q0,12 -8,12" stroke="#333" stroke-width="3" fill="none"/>`;
  cr += `<path d="M${tx},${hookY + 14} L${tx - 90},${hookY + 56} M${tx},${hookY + 14} L${tx + 90},${hookY + 56}" stroke="#e4572e" stroke-width="2.5"/>`;
  for (let k = 0; k < 4; k += 1) {
    cr += `<rect x="${tx - 150}" y="${hookY + 54 + k * 8}" width="300" height="8" fill="#e8c088" stroke="#9c6d3a" stroke-width="1.2"/>`;
  }
  s.add(cr);
  s.add(vignette(s, 0.25));
  return s;
};

function vignette(s, strength = 0.5) {
  return `<rect width="${W}" height="${H}" fill="${s.radial(
    [
      [0.55, '#000', 0],
      [1, '#000', strength],
    ],
    { r: 0.75 },
  )}"/>`;
}

// ------------------------------------------------------------------ main
const [outDir, ...only] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node scenes.mjs <out-dir> [scene ...]');
  process.exit(1);
}
fs.mkdirSync(outDir, { recursive: true });
for (const [name, build] of Object.entries(scenes)) {
  if (only.length && !only.includes(name)) continue;
  fs.writeFileSync(path.join(outDir, `${name}.svg`), build().svg());
  console.info(`wrote ${name}.svg`);
}
