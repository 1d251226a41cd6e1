// The page's words in the chosen language: booting the page with /api/boot, the language buttons, and the
// labels and choices drawn again in a new language.

import { request } from './api.js';
import { t } from './i18n.js';
import { loadHelp, loadStats } from './panels.js';
import { fillSettings } from './settings.js';
import { renderDemo } from './solver.js';
import { $, app, ignoreStored, on, setState, store } from './state.js';
import { sayAgain } from './status.js';

const SPEEDS = [['speed_slow', 1200], ['speed_normal', 500], ['speed_fast', 150], ['speed_fastest', 30]];

export async function boot(lang) {
  const res = await request(`/api/boot?lang=${encodeURIComponent(lang)}`);
  if (!res.ok) {
    document.body.dataset.error = '1';
    return;
  }
  app.strings = res.data.strings;
  app.games = res.data.games;
  app.langs = res.data.langs;
  app.locale = res.data.locale || lang;
  applyStrings();
  const winnable = store.get('reussite.winnable');
  $('winnable-only').checked = res.data.state.winnable_default || winnable === '1';
  setState(res.data.state);
  sayAgain();
}

async function setLang(lang) {
  if (lang === app.lang) return;
  // The buttons are drawn again in the new language: the one that had focus gets it back.
  const box = document.activeElement && document.activeElement.closest('.langs');
  const boxes = [...document.querySelectorAll('.langs')];
  const at = boxes.indexOf(box);
  app.lang = lang;
  store.set('reussite.lang', lang);
  await boot(lang);
  if (!$('help').hidden) loadHelp();
  if (at >= 0) boxes[at].querySelector(`button[data-lang="${lang}"]`).focus();
  if (!$('stats').hidden) loadStats();
}

function applyStrings() {
  document.documentElement.lang = app.lang;
  document.title = t('app_title');
  document.querySelectorAll('[data-s]').forEach((el) => { el.textContent = t(el.dataset.s); });
  document.querySelectorAll('[data-t]').forEach((el) => { el.title = t(el.dataset.t); });
  $('bar').setAttribute('aria-label', t('toolbar'));
  $('menu').setAttribute('aria-label', t('game'));
  $('status').setAttribute('aria-label', t('status'));
  $('table').setAttribute('aria-label', t('table'));
  $('copy-ok') && $('copy-ok').remove();
  document.querySelectorAll('.langs').forEach((box) => {
    box.setAttribute('aria-label', t('language'));
    box.replaceChildren(...app.langs.map((l) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'small';
      b.lang = l.code;
      b.textContent = l.code.toUpperCase();
      b.title = l.name;
      b.setAttribute('aria-label', `${b.textContent} ${l.name}`);
      b.setAttribute('aria-pressed', String(l.code === app.lang));
      b.dataset.lang = l.code;
      b.addEventListener('click', () => setLang(l.code));
      return b;
    }));
  });
  fillGames();
  const speed = $('demo-speed');
  const pace = speed.value || store.get('reussite.demoSpeed') || '500';
  speed.replaceChildren(...SPEEDS.map(([key, ms]) => new Option(t(key), String(ms))));
  speed.value = SPEEDS.some(([, ms]) => String(ms) === pace) ? pace : '500';
  fillSettings();
  renderDemo();
}

// -- the game chooser: families, recently played, a search by name in either language -------------------

const RECENT = 'reussite.recent';
const RECENT_COUNT = 5;

function gameLabel(g) {
  // Only a figure the solver nearly settled: with many deals left unknown the share won says little.
  const w = g.winnability;
  if (!w || !(w.won + w.lost + w.unknown) || w.unknown > 0.1 * (w.won + w.lost + w.unknown)) return g.name;
  const percent = Math.round((100 * w.won) / (w.won + w.lost + w.unknown));
  return t('won_share', { name: g.name, percent });
}

function fold(text) {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function recentGames() {
  const raw = store.get(RECENT);
  let ids;
  try { ids = JSON.parse(raw || '[]'); } catch (e) { ids = null; }
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    ignoreStored(RECENT, raw);
    return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : [];
  }
  return ids;
}

// A game played goes first in the recently played list.
function noteRecent(id) {
  const before = recentGames();
  if (before[0] === id) return false;
  store.set(RECENT, JSON.stringify([id, ...before.filter((x) => x !== id)].slice(0, RECENT_COUNT)));
  return true;
}

on('state', ({ state, previous }) => {
  if ((!previous || previous.game !== state.game) && noteRecent(state.game) && app.games.length) fillGames();
});

// The select: the games matching the search (all when it is empty), the recently played ones first, then
// each family in the server's order (by the names in the page's language).
export function fillGames() {
  const select = $('game-select');
  const wanted = fold($('game-search').value.trim());
  const matches = (g) => !wanted || g.names.some((n) => fold(n).includes(wanted));
  const shown = app.games.filter(matches);
  const groups = [];
  if (!wanted) {
    const recent = recentGames().map((id) => app.games.find((g) => g.id === id)).filter(Boolean);
    if (recent.length) groups.push([t('recent_games'), recent, 'recent']);
  }
  for (const g of shown) {
    const last = groups[groups.length - 1];
    if (last && last[2] !== 'recent' && last[0] === g.family) last[1].push(g);
    else groups.push([g.family, [g], 'family']);
  }
  const current = app.state ? app.state.game : select.value;
  select.replaceChildren(...groups.map(([label, games]) => {
    const group = document.createElement('optgroup');
    group.label = label;
    group.append(...games.map((g) => new Option(gameLabel(g), g.id)));
    return group;
  }));
  if (!shown.some((g) => g.id === current) && current) {
    // The game in play stays selectable (and selected) whatever the search shows.
    const keep = app.games.find((g) => g.id === current);
    if (keep) select.prepend(new Option(gameLabel(keep), keep.id));
  }
  if (current) select.value = current;
  return shown;
}
