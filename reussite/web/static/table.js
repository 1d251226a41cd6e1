// Drawing the card table: where every stack and card goes for the window's size, and the cards' faces.

import { animate, cardRects } from './motion.js';
import { $, RANK, SUIT, SVG_NS, app } from './state.js';

// The steps between fanned cards, in card sizes along the fan: as far apart as reads well (a card fanned to
// the right shows its whole index, a 10 included), and as close as a crowded fan may squeeze them.
const STEP = {
  down: { up: 0.25, upMin: 0.13, down: 0.09, downMin: 0.04 },
  right: { up: 0.36, upMin: 0.34, down: 0.09, downMin: 0.04 },
};
// The large-index faces print their indexes half as large again (style.css): their fans step wider, so that a
// covered card still shows its whole index (to the right, a 10's: at least 17 px where the others take 13).
const STEP_LARGE = {
  down: { ...STEP.down, up: 0.32 },
  right: { up: 0.46, upMin: 0.44, down: 0.09, downMin: 0.04 },
};
const largeIndex = () => document.body.dataset.faces === 'large';
const steps = () => (largeIndex() ? STEP_LARGE : STEP);
// A waste fanned to the right spreads its top cards only (PySolFC's and Aisleriot's three), the rest squared
// under them: a long waste would otherwise run over the stacks beside it.
const WASTE_SPREAD = 3;

// How many of a stack's top cards are spread, and from which position.
function spreadFrom(s) {
  const n = s.cards.length;
  return s.kind === 'waste' && s.fan === 'right' ? Math.max(0, n - WASTE_SPREAD) : 0;
}

// How far a fan reaches beyond its first card when squeezed as close as it may be, in card sizes.
function squeezedReach(s) {
  const step = steps()[s.fan];
  if (!step) return 0;
  const shown = s.cards.slice(spreadFrom(s), -1);
  const faceDown = shown.filter((c) => !c).length;
  return (shown.length - faceDown) * step.upMin + faceDown * step.downMin;
}

// Each stack's squeezed reach, at least the most it has had in this deal: the table does not jump about as
// a fan grows and shrinks (Black Hole's fans only shrink).
function reaches(state) {
  const key = `${state.game}|${state.number}|${JSON.stringify(state.options)}|${state.stacks.length}|${largeIndex()}`;
  const now = state.stacks.map(squeezedReach);
  const plan = app.plan && app.plan.key === key ? app.plan.reach : now;
  app.plan = { key, reach: now.map((r, i) => Math.max(r, plan[i] || 0)) };
  return app.plan.reach;
}

// The layout's pitch, in card sizes, along x (a fan to the right's way) or y (a fan down's): one card and a
// gap, or more where a stack (a fan squeezed as close as it may be) still needs more room before the next
// stack in its way. A layout whose declared x and y overlap its stacks, or leave its fans too little room,
// is spread out by this, whatever the game.
function pitch(stacks, reach, fan, across, along, gapRatio) {
  let p = 1 + gapRatio;
  stacks.forEach((s, i) => {
    const size = 1 + (s.fan === fan ? reach[i] : 0);
    stacks.forEach((o, j) => {
      const d = o[along] - s[along];
      if (j !== i && d > 0 && Math.abs(o[across] - s[across]) < 1) p = Math.max(p, (size + gapRatio) / d);
    });
  });
  return p;
}

function computeGeometry(state) {
  const table = $('table');
  const W = table.clientWidth;
  const H = table.clientHeight;
  const stacks = state.stacks;
  const hasDown = stacks.some((s) => s.fan === 'down');
  const reach = reaches(state);
  // Narrow windows get narrower gaps; the cards always fit the width (no sideways scrolling), and
  // keep a readable height when the window is short (the table then scrolls down).
  const gapRatio = W < 600 ? 0.08 : 0.16;
  // Pitches in card widths (x) and card heights (y); the vertical gap is the horizontal one (cw * gapRatio).
  const px = pitch(stacks, reach, 'right', 'y', 'x', gapRatio);
  const py = pitch(stacks, reach, 'down', 'x', 'y', gapRatio / 1.4);
  // The layout's width in card widths: every stack's right edge (a fan to the right squeezed), and a gap
  // each side. Its height in rows of one card and a gap, with room under the last row for fans down.
  const span = Math.max(...stacks.map((s, i) => s.x * px + 1 + (s.fan === 'right' ? reach[i] : 0))) + 2 * gapRatio;
  const rows = Math.max(...stacks.map((s) => s.y * py / (1 + gapRatio / 1.4))) + 1;
  const byWidth = W / span;
  const byHeight = (H - 8) / ((rows + (hasDown ? 1.7 : 0)) * 1.4 * (1 + gapRatio) + gapRatio);
  const cw = Math.floor(Math.min(150, byWidth, Math.max(byHeight, Math.min(byWidth, 40))));
  const ch = Math.round(cw * 1.4);
  const gap = cw * gapRatio;
  const ox = Math.max(gap, (W - (span - 2 * gapRatio) * cw) / 2);
  const oy = gap;
  const base = stacks.map((s) => ({ left: ox + s.x * px * cw, top: oy + s.y * py * ch }));
  const geo = { cw, ch, gap, stacks: [] };
  stacks.forEach((s, i) => {
    const { left, top } = base[i];
    const n = s.cards.length;
    const positions = [];
    let dx = 0;
    let dy = 0;
    const step = steps()[s.fan];
    if (step) {
      const down = s.fan === 'down';
      // Room until the next stack in the fan's direction, or the table's edge (and the slot's 2 px border).
      let limit = down ? Math.max(H - gap, top + ch * 3) : Math.max(W - Math.max(gap, 3), left + cw * (1 + reach[i]));
      stacks.forEach((o, j) => {
        if (j === i) return;
        if (down && o.y > s.y && Math.abs(o.x - s.x) < 1) limit = Math.min(limit, base[j].top - gap);
        if (!down && o.x > s.x && Math.abs(o.y - s.y) < 1) limit = Math.min(limit, base[j].left - gap);
      });
      const size = down ? ch : cw;
      const room = limit - (down ? top : left) - size;
      const from = spreadFrom(s);
      const shown = s.cards.slice(from, -1);
      const faceDown = shown.filter((c) => !c).length;
      const faceUp = shown.length - faceDown;
      // Tiny cards' indexes keep a 9 px font (12 px large, style.css), so a fan to the right steps at least a 10's.
      let stepUp = down ? size * step.up : Math.max(size * step.up, largeIndex() ? 17 : 13);
      let stepDown = size * step.down;
      const need = faceUp * stepUp + faceDown * stepDown;
      if (need > room && need > 0) {
        const k = Math.max(room, 0) / need;
        stepUp = Math.max(size * step.upMin, stepUp * k);
        stepDown = Math.max(size * step.downMin, stepDown * k);
      }
      let offset = 0;
      for (let p = 0; p < n; p += 1) {
        positions.push(down ? { left, top: top + offset } : { left: left + offset, top });
        if (p >= from) offset += s.cards[p] ? stepUp : stepDown;
      }
      const last = positions[n - 1] || { left, top };
      dx = last.left - left;
      dy = last.top - top;
    } else {
      for (let p = 0; p < n; p += 1) positions.push({ left, top });
    }
    geo.stacks.push({
      left, top, positions,
      rect: { left, top, right: left + dx + cw, bottom: top + dy + ch },
    });
  });
  return geo;
}

// Below this card width (px) a court card shows one large bust (b-) instead of the double-headed figure (c-),
// whose hat and face would be a few pixels wide.
const SMALL_COURT = 64;

function cardFace(el, card, cw) {
  // A joker (code XS or XH: only its colour) shows a star in its corners, and no suit.
  const joker = card.code[0] === 'X';
  const rank = joker ? '★' : RANK[card.code[0]] || card.code[0];
  const suit = joker ? '' : SUIT[card.code[1]];
  const red = card.code[1] === 'H' || card.code[1] === 'D';
  el.className = `card ${red ? 'red' : 'black'} suit-${card.code[1]}`;
  const corner = (cls) => {
    const span = document.createElement('span');
    span.className = `corner ${cls}`;
    const r = document.createElement('span');
    r.className = 'rank';
    r.textContent = rank;
    const u = document.createElement('span');
    u.className = 'suit';
    u.textContent = suit;
    span.append(r, u);
    span.setAttribute('aria-hidden', 'true');
    return span;
  };
  // The face's art (pips, drawn court figures) from the same-origin sprite (tools/make_card_faces.py).
  const art = document.createElementNS(SVG_NS, 'svg');
  art.setAttribute('class', 'art');
  art.setAttribute('viewBox', '0 0 100 140');
  art.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS(SVG_NS, 'use');
  const bust = cw < SMALL_COURT && 'JQK'.includes(card.code[0]);
  const sprite = { large: 'cards-large', simple: 'cards-simple' }[document.body.dataset.faces] || 'cards';
  use.setAttribute('href', `/static/${sprite}.svg#${bust ? 'b' : 'c'}-${card.code}`);
  art.append(use);
  el.append(art, corner('tl'), corner('br'));
}

// The cards for app.state (status.js's render() draws the bar and the dialog after them).
export function renderTable() {
  const state = app.state;
  clearHint();
  const table = $('table');
  const focused = document.activeElement && document.activeElement.classList.contains('slot')
    ? Number(document.activeElement.dataset.stack) : -1;
  const geo = computeGeometry(state);
  app.geo = geo;
  table.style.setProperty('--cw', `${geo.cw}px`);
  table.style.setProperty('--ch', `${geo.ch}px`);
  const before = cardRects(table);
  const frag = document.createDocumentFragment();
  let z = 1;
  state.stacks.forEach((s, si) => {
    const g = geo.stacks[si];
    const slot = document.createElement('div');
    slot.className = 'slot';
    slot.dataset.stack = si;
    slot.dataset.id = s.id;
    slot.tabIndex = 0;
    slot.setAttribute('role', 'button');
    slot.setAttribute('aria-label', s.label);
    slot.setAttribute('aria-description', s.describe);
    slot.title = s.title;  // "{stack.The}: {rule}" from the catalog (« La pioche : Distribue… »)
    const tall = g.rect.bottom - g.rect.top > geo.ch + 1 || g.rect.right - g.rect.left > geo.cw + 1;
    if (tall || s.base) {
      if (tall) slot.classList.add('tall');
      const base = document.createElement('div');
      base.className = 'base';
      base.setAttribute('aria-hidden', 'true');
      if (s.base && !s.cards.length) base.textContent = RANK[s.base] || s.base;
      slot.append(base);
    }
    Object.assign(slot.style, {
      left: `${g.rect.left - 2}px`, top: `${g.rect.top - 2}px`,
      width: `${g.rect.right - g.rect.left + 4}px`, height: `${g.rect.bottom - g.rect.top + 4}px`, zIndex: 0,
    });
    frag.append(slot);
    const n = s.cards.length;
    // Squared stacks show their top two cards (the second shows while the top one is dragged); a waste that
    // spreads only its top cards, those and the one squared under them.
    const first = s.fan === 'none' ? Math.max(0, n - 2) : Math.max(0, spreadFrom(s) - 1);
    for (let p = first; p < n; p += 1) {
      const card = s.cards[p];
      const el = document.createElement('div');
      if (card) {
        cardFace(el, card, geo.cw);
        // Rank over suit where the index must be narrow (fans to the right, a count badge beside it);
        // side by side where a downward fan shows only a strip of each card.
        if (s.fan !== 'down') el.classList.add('upright');
        el.setAttribute('aria-label', card.label);
      } else {
        el.className = 'card back';
        el.setAttribute('aria-hidden', 'true');
        if (s.kind === 'stock') el.classList.add('stock-top');
      }
      el.setAttribute('role', card ? 'img' : 'presentation');
      el.dataset.stack = si;
      el.dataset.pos = p;
      if (card) el.dataset.code = card.code;
      el.style.left = `${g.positions[p].left}px`;
      el.style.top = `${g.positions[p].top}px`;
      el.style.zIndex = z + p;
      frag.append(el);
    }
    z += n + 1;
    if (s.kind === 'stock' || s.kind === 'waste' || s.kind === 'foundation') {
      // A foundation says which way it builds (Tournament has both); the words are in its description.
      const arrow = s.kind === 'foundation' && s.step ? (s.either ? '↕' : s.step > 0 ? '↑' : '↓') : '';
      // On tiny cards only the stock (a card back, no index to hide) keeps its badge; the counts and
      // directions stay in the stacks' labels and descriptions.
      const room = geo.cw >= 44 || s.kind === 'stock';
      if (room && (n > 1 || s.kind === 'stock' || arrow)) {
        const count = document.createElement('span');
        count.className = 'count';
        count.textContent = `${arrow}${n > 1 || s.kind === 'stock' ? n : ''}`;
        count.setAttribute('aria-hidden', 'true');
        const last = g.positions[n - 1] || g;
        count.style.left = `${last.left + geo.cw - 2}px`;
        count.style.top = `${last.top + 2}px`;
        frag.append(count);
      }
    }
  });
  table.replaceChildren(frag);
  markPlayable();
  animate(table, before, state);
  if (focused >= 0 && focused < state.stacks.length) slotEl(focused).focus({ preventScroll: true });
}

// "Show playable cards" (a menu setting): every card that some legal move picks up, outlined.
export function markPlayable() {
  const state = app.state;
  const on = $('show-playable').checked;
  $('table').querySelectorAll('.card.playable').forEach((el) => el.classList.remove('playable'));
  if (!on || !state) return;
  const ids = state.stacks.map((s) => s.id);
  state.legal.forEach((m) => {
    if (m.type !== 'move') return;
    const si = ids.indexOf(m.src);
    const el = $('table').querySelector(`.card[data-stack="${si}"][data-pos="${state.stacks[si].cards.length - m.n}"]`);
    if (el) el.classList.add('playable');
  });
}

export const slotEl = (si) => $('table').querySelector(`.slot[data-stack="${si}"]`);
export const cardEls = (si) => [...$('table').querySelectorAll(`.card[data-stack="${si}"]`)];

// -- the hint's marks: the cards it moves and where to, for a while; "Play it" shown while it stands --------

export function showHint(move, version) {
  app.hintMove = { move, version };
  $('btn-play-hint').hidden = false;
  const ids = app.state.stacks.map((s) => s.id);
  const marks = [];
  if (move.type === 'move') {
    const si = ids.indexOf(move.src);
    const di = ids.indexOf(move.dst);
    cardEls(si).slice(-move.n).forEach((el) => marks.push(el));
    marks.push(slotEl(di));
    slotEl(di).classList.add('hint-dst');
  } else {
    const si = app.state.stacks.findIndex((s) => s.kind === 'stock');
    if (si >= 0) marks.push(slotEl(si));
    if (si >= 0) slotEl(si).classList.add('hint-dst');
  }
  marks.forEach((el) => el.classList.add('hint'));
  app.hintTimer = setTimeout(clearMarks, 2500);
}

function clearMarks() {
  clearTimeout(app.hintTimer);
  document.querySelectorAll('.hint, .hint-dst').forEach((el) => el.classList.remove('hint', 'hint-dst'));
}

export function clearHint() {
  clearMarks();
  app.hintMove = null;
  $('btn-play-hint').hidden = true;
}
