// The page's words in the chosen language: booting the page with /api/boot, the language buttons, and the
// labels and choices drawn again in a new language.

import { request } from './api.js';
import { t } from './i18n.js';
import { loadHelp, loadStats } from './panels.js';
import { fillSettings } from './settings.js';
import { renderDemo } from './solver.js';
import { $, app, setState, store } from './state.js';

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
  applyStrings();
  const winnable = store.get('reussite.winnable');
  $('winnable-only').checked = res.data.state.winnable_default || winnable === '1';
  setState(res.data.state);
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
  const select = $('game-select');
  select.replaceChildren(...app.games.map((g) => new Option(g.name, g.id)));
  const speed = $('demo-speed');
  const pace = speed.value || store.get('reussite.demoSpeed') || '500';
  speed.replaceChildren(...SPEEDS.map(([key, ms]) => new Option(t(key), String(ms))));
  speed.value = SPEEDS.some(([, ms]) => String(ms) === pace) ? pace : '500';
  fillSettings();
  renderDemo();
}
