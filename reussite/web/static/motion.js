// Motion: cards glide from where they were (FLIP), a deal flies out of the stock and a redeal back into it,
// a new game flies out of the corner, a win bounces. None of it under prefers-reduced-motion.

import { app } from './state.js';

// The animation setting (off / fast / normal, kept per browser) on top of the system's reduced motion.
const still = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches
  || document.body.dataset.motion === 'off';
const pace = (ms) => (document.body.dataset.motion === 'fast' ? Math.round(ms / 2) : ms);

// Where the cards on show were before a change: each face-up card by its code, and each stack's top.
export function cardRects(table) {
  const cards = new Map();
  const tops = new Map();
  if (still() || !app.drawn) return { cards, tops };
  // A card still in flight would be measured mid-way (its transform counts): land every flight first.
  table.getAnimations({ subtree: true }).forEach((a) => a.finish());
  table.querySelectorAll('.card[data-code]').forEach((el) => {
    const list = cards.get(el.dataset.code) || [];
    list.push({ stack: el.dataset.stack, rect: el.getBoundingClientRect() });
    cards.set(el.dataset.code, list);
  });
  table.querySelectorAll('.slot').forEach((slot) => {
    const pile = table.querySelectorAll(`.card[data-stack="${slot.dataset.stack}"]`);
    tops.set(Number(slot.dataset.stack), (pile[pile.length - 1] || slot).getBoundingClientRect());
  });
  return { cards, tops };
}

function glide(el, from, delay = 0) {
  const now = el.getBoundingClientRect();
  const dx = from.left - now.left;
  const dy = from.top - now.top;
  if (Math.abs(dx) + Math.abs(dy) < 1) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
    { duration: pace(180), delay: pace(delay), easing: 'ease-out', fill: 'backwards' });
}

export function animate(table, before, state) {
  const drawn = app.drawn;
  const counts = state.stacks.map((s) => s.cards.length);
  app.drawn = { game: state.game, number: state.number, version: state.version, counts };
  table.classList.toggle('won', Boolean(state.won) && !still());
  if (still() || !drawn || drawn.version === state.version) return;
  const cards = [...table.querySelectorAll('.card')];
  if (drawn.game !== state.game || drawn.number !== state.number || state.moves === 0) {
    // A new deal or a restart: every card comes from the top-left corner, one after another.
    cards.forEach((el, i) => el.animate(
      [{ transform: `translate(${-el.offsetLeft}px, ${-el.offsetTop}px)`, opacity: 0.3 }, { transform: 'none', opacity: 1 }],
      { duration: pace(220), delay: pace(Math.min(i * 6, 400)), easing: 'ease-out', fill: 'backwards' },
    ));
    return;
  }
  // The stock gave cards (a deal): those that were not on show fly out of it. It took cards back (a
  // redeal): its backs fly in from the stack that gave them.
  const stock = state.stacks.findIndex((s) => s.kind === 'stock');
  const was = drawn.counts || counts;
  const dealt = stock >= 0 && counts[stock] < was[stock];
  const gaveBack = stock >= 0 && counts[stock] > was[stock] ? counts.findIndex((n, i) => n < was[i]) : -1;
  let flown = 0;
  cards.forEach((el) => {
    const si = Number(el.dataset.stack);
    if (gaveBack >= 0 && si === stock) {
      glide(el, before.tops.get(gaveBack), 40 * flown);
      flown += 1;
      return;
    }
    const list = before.cards.get(el.dataset.code);
    if (!list || !list.length) {
      if (!el.dataset.code) return;
      if (dealt && counts[si] > was[si]) {
        glide(el, before.tops.get(stock), Math.min(40 * flown, 300));
        flown += 1;
      } else {
        el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: pace(160) });
      }
      return;
    }
    const k = Math.max(0, list.findIndex((o) => o.stack === el.dataset.stack));
    glide(el, list.splice(k, 1)[0].rect);
  });
}
