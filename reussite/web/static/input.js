// The player's hands: holding cards, the mouse (click, double-click, drag, long press) and the keyboard.

import { doBest, doDeal, doMove, doRedo, doUndo, newGame } from './api.js';
import { setPaused, toggleFullScreen } from './clock.js';
import { t } from './i18n.js';
import { toggleHelp, toggleMenu, toggleStats } from './panels.js';
import { hint, playHint, solveDemo } from './solver.js';
import { $, app } from './state.js';
import { closeDialog, say, showMessage } from './status.js';
import { cardEls, clearHint, slotEl } from './table.js';

// -- holding cards: selection, legal targets -------------------------------------------------------

function targetsFor(si, n) {
  const id = app.state.stacks[si].id;
  const ids = app.state.stacks.map((s) => s.id);
  return app.state.legal.filter((m) => m.type === 'move' && m.src === id && m.n === n).map((m) => ids.indexOf(m.dst));
}

function markTargets(si, n, on) {
  document.querySelectorAll('.target').forEach((el) => {
    el.classList.remove('target');
    if (el.classList.contains('slot')) el.setAttribute('aria-label', app.state.stacks[el.dataset.stack].label);
  });
  if (!on) return;
  targetsFor(si, n).forEach((di) => {
    slotEl(di).classList.add('target');
    slotEl(di).setAttribute('aria-label', `${app.state.stacks[di].label}, ${t('target')}`);
    const top = cardEls(di).pop();
    if (top) top.classList.add('target');
  });
}

function faceUpCount(si) {
  const cards = app.state.stacks[si].cards;
  let k = 0;
  for (let p = cards.length - 1; p >= 0 && cards[p]; p -= 1) k += 1;
  return k;
}

function select(si, n) {
  clearSelection(false);
  const s = app.state.stacks[si];
  n = Math.max(1, Math.min(n, faceUpCount(si)));
  if (!s.cards.length || !s.cards[s.cards.length - 1]) return;
  app.sel = { si, n };
  const els = cardEls(si);
  els.slice(-n).forEach((el) => el.classList.add('selected'));
  markTargets(si, n, true);
  // Said, not only shown: where the held cards may go (said again in a new language, from the state drawn in it).
  const said = () => {
    const shown = app.state.stacks[si];
    const card = shown.cards[shown.cards.length - n];
    const held = n === 1 ? t('held', { card: card.label }) : t('held_many', { count: n, card });
    const names = targetsFor(si, n).map((di) => app.state.stacks[di].name);
    const where = names.length ? t('held_targets', { count: n, stacks: names.join(', ') })
      : t('held_no_target', { count: n });
    return `${held} ${where}`;
  };
  showMessage(said(), false, said);
}

function clearSelection(announce) {
  if (app.sel && announce) say('cancelled');
  app.sel = null;
  document.querySelectorAll('.selected').forEach((el) => el.classList.remove('selected'));
  markTargets(0, 0, false);
}

function clickStack(si, pos) {
  const s = app.state.stacks[si];
  const now = performance.now();
  const double = app.lastClick && app.lastClick.si === si && now - app.lastClick.t < 450;
  app.lastClick = { si, t: now };
  if (s.kind === 'stock') {
    clearSelection(false);
    app.lastClick = null;
    doDeal();
    return;
  }
  if (double) {
    const n = app.sel && app.sel.si === si ? app.sel.n : (pos >= 0 ? s.cards.length - pos : 1);
    clearSelection(false);
    app.lastClick = null;
    doBest(si, n);
    return;
  }
  if (app.sel) {
    const { si: src, n } = app.sel;
    clearSelection(false);
    if (src !== si) {
      app.lastClick = null;
      doMove(src, si, n);
    }
    return;
  }
  // Quick play (a menu setting): one click plays the card where it goes best, as a double-click does.
  const n = pos >= 0 && s.cards[pos] ? s.cards.length - pos : 1;
  if ($('quick-play').checked && s.kind !== 'foundation' && s.cards[s.cards.length - n] && targetsFor(si, n).length) {
    app.lastClick = null;
    doBest(si, n);
    return;
  }
  if (pos >= 0 && s.cards[pos]) select(si, s.cards.length - pos);
  else if (s.cards.length && s.cards[s.cards.length - 1]) select(si, 1);
}

// -- the mouse: click, double-click, drag and drop -------------------------------------------------

function stackAt(x, y, draggedRect, except) {
  const box = $('table').getBoundingClientRect();
  const table = $('table');
  const px = x - box.left + table.scrollLeft;
  const py = y - box.top + table.scrollTop;
  let best = -1;
  let bestArea = 0;
  app.geo.stacks.forEach((g, i) => {
    if (i === except) return;
    const r = g.rect;
    if (px >= r.left && px <= r.right && py >= r.top && py <= r.bottom) {
      best = i;
      bestArea = Infinity;
      return;
    }
    if (draggedRect && bestArea !== Infinity) {
      const w = Math.min(r.right, draggedRect.right) - Math.max(r.left, draggedRect.left);
      const h = Math.min(r.bottom, draggedRect.bottom) - Math.max(r.top, draggedRect.top);
      // A drop counts on a stack it covers a fair part of, not one it merely grazes.
      if (w > 0 && h > 0 && w * h > bestArea && w * h > 0.15 * app.geo.cw * app.geo.ch) {
        best = i;
        bestArea = w * h;
      }
    }
  });
  return best;
}

// A buried card, shown whole while a finger rests on it (or after a right-click, until the next press).
function peek(el) {
  unpeek();
  if (!el || !el.getAttribute('aria-label')) return;
  el.classList.add('peek');
  app.peeked = el;
  showMessage(t('peek', { card: el.getAttribute('aria-label') }));
}

function unpeek() {
  if (app.peeked) app.peeked.classList.remove('peek');
  app.peeked = null;
}

export function onContextMenu(e) {
  const cardEl = e.target.closest('.card');
  if (!cardEl) return;
  e.preventDefault();
  if (app.press) clearTimeout(app.press.timer);
  app.press = null;
  peek(cardEl);
}

export function onPointerDown(e) {
  unpeek();
  if (e.button !== 0 || !app.state) return;
  const cardEl = e.target.closest('.card');
  const slot = e.target.closest('.slot');
  if (!cardEl && !slot) {
    clearSelection(true);
    return;
  }
  const si = Number((cardEl || slot).dataset.stack);
  const pos = cardEl ? Number(cardEl.dataset.pos) : -1;
  const s = app.state.stacks[si];
  // Anything face up may be lifted; the server says why if the rules keep it in place.
  const draggable = cardEl && s.cards[pos] && s.kind !== 'stock';
  const press = { si, pos, x: e.clientX, y: e.clientY, id: e.pointerId, draggable, started: false, els: [] };
  app.press = press;
  if (cardEl) {
    press.timer = setTimeout(() => {
      if (app.press === press && !press.started) {
        press.peeked = true;
        peek(cardEl);
      }
    }, 500);
  }
  $('table').setPointerCapture(e.pointerId);
  e.preventDefault();
}

export function onPointerMove(e) {
  const press = app.press;
  if (!press || press.id !== e.pointerId) return;
  const dx = e.clientX - press.x;
  const dy = e.clientY - press.y;
  if (press.peeked) return;
  if (!press.started) {
    if (!press.draggable || Math.hypot(dx, dy) < 5) return;
    clearTimeout(press.timer);
    press.started = true;
    clearSelection(false);
    press.els = cardEls(press.si).filter((el) => Number(el.dataset.pos) >= press.pos);
    press.n = app.state.stacks[press.si].cards.length - press.pos;
    press.els.forEach((el) => {
      el.classList.add('dragging');
      el.style.zIndex = 1000 + Number(el.dataset.pos);
    });
    markTargets(press.si, press.n, true);
  }
  press.dx = dx;
  press.dy = dy;
  press.els.forEach((el) => { el.style.transform = `translate(${dx}px, ${dy}px)`; });
}

function returnCards(els) {
  els.forEach((el) => {
    el.classList.add('returning');
    el.style.transform = '';
  });
}

export function onPointerUp(e) {
  const press = app.press;
  if (!press || press.id !== e.pointerId) return;
  app.press = null;
  clearTimeout(press.timer);
  if (press.peeked) {
    unpeek();
    return;
  }
  if (!press.started) {
    clickStack(press.si, press.pos);
    return;
  }
  markTargets(0, 0, false);
  const g = app.geo.stacks[press.si].positions[press.pos];
  const rect = { left: g.left + press.dx, top: g.top + press.dy };
  rect.right = rect.left + app.geo.cw;
  rect.bottom = rect.top + app.geo.ch;
  const di = stackAt(e.clientX, e.clientY, rect, press.si);
  app.lastClick = null;
  if (di < 0) {
    returnCards(press.els);
    return;
  }
  doMove(press.si, di, press.n, () => returnCards(press.els));
}

export function onPointerCancel() {
  if (app.press) clearTimeout(app.press.timer);
  unpeek();
  if (app.press && app.press.started) {
    markTargets(0, 0, false);
    returnCards(app.press.els);
  }
  app.press = null;
}

// -- the keyboard ----------------------------------------------------------------------------------

export function onTableKey(e) {
  const slot = e.target.closest && e.target.closest('.slot');
  if (!slot || !app.state) return;
  const si = Number(slot.dataset.stack);
  const s = app.state.stacks[si];
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    if (s.kind === 'stock') {
      doDeal();
    } else if (app.sel && app.sel.si !== si) {
      const { si: src, n } = app.sel;
      clearSelection(false);
      doMove(src, si, n);
    } else if (app.sel) {
      clearSelection(true);
    } else {
      select(si, 1);
    }
  } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && app.sel && app.sel.si === si) {
    e.preventDefault();
    select(si, app.sel.n + (e.key === 'ArrowUp' ? 1 : -1));
  } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
    e.preventDefault();
    const count = app.state.stacks.length;
    const next = (si + (e.key === 'ArrowRight' ? 1 : count - 1)) % count;
    slotEl(next).focus();
  }
}

export function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest && e.target.closest('#saves')) return; // the saved games panel's own keys
  if (e.key === 'Escape' && $('bar').dataset.menu === 'open') {
    toggleMenu(false);
    $('btn-menu').focus();
    return;
  }
  const tag = e.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
    if (e.key === 'Escape') e.target.blur();
    return;
  }
  const key = e.key;
  if (key === 'Pause' || key.toLowerCase() === 'z') {
    e.preventDefault();
    setPaused(!app.paused);
    return;
  }
  if (app.paused) return; // nothing is played on hidden cards
  if (key === 'Escape') {
    if (!$('dialog').hidden) closeDialog();
    else if (app.sel) clearSelection(true);
    else if (!$('stats').hidden) toggleStats(false);
    else if (!$('help').hidden) toggleHelp(false);
    clearHint();
    return;
  }
  const actions = {
    u: doUndo, r: doRedo, h: hint, d: doDeal, n: () => newGame(), '?': () => toggleHelp(),
    s: solveDemo, p: playHint, f: toggleFullScreen,
  };
  const action = actions[key.toLowerCase()] || actions[key];
  if (action && !(key === ' ' || key === 'Enter')) {
    e.preventDefault();
    action();
  }
}
