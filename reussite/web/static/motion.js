// Motion: cards glide from where they were (FLIP), a new deal flies out of the stock, a win bounces.

import { $, app } from './state.js';

const still = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function cardRects(table) {
  const rects = new Map();
  if (still() || !app.drawn) return rects;
  table.querySelectorAll('.card[data-code]').forEach((el) => {
    const list = rects.get(el.dataset.code) || [];
    list.push({ stack: el.dataset.stack, rect: el.getBoundingClientRect() });
    rects.set(el.dataset.code, list);
  });
  return rects;
}

export function animate(table, before, state) {
  const drawn = app.drawn;
  app.drawn = { game: state.game, number: state.number, version: state.version };
  table.classList.toggle('won', Boolean(state.won) && !still());
  if (still() || !drawn || drawn.version === state.version) return;
  const cards = [...table.querySelectorAll('.card')];
  if (drawn.game !== state.game || drawn.number !== state.number || state.moves === 0) {
    // A new deal or a restart: every card comes from the top-left corner, one after another.
    cards.forEach((el, i) => el.animate(
      [{ transform: `translate(${-el.offsetLeft}px, ${-el.offsetTop}px)`, opacity: 0.3 }, { transform: 'none', opacity: 1 }],
      { duration: 220, delay: Math.min(i * 6, 400), easing: 'ease-out', fill: 'backwards' },
    ));
    return;
  }
  cards.forEach((el) => {
    const list = before.get(el.dataset.code);
    if (!list || !list.length) {
      if (el.dataset.code) el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 160 });
      return;
    }
    const k = Math.max(0, list.findIndex((o) => o.stack === el.dataset.stack));
    const old = list.splice(k, 1)[0].rect;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) + Math.abs(dy) < 1) return;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
      { duration: 180, easing: 'ease-out' });
  });
}
