// The panels beside the table: the rules, the menu, saved games, statistics and the move log (the settings:
// settings.js).

import { act, failed, newGame, request } from './api.js';
import { formatTime } from './clock.js';
import { t } from './i18n.js';
import { stopDemo } from './solver.js';
import { $, app, ignoreStored, on, setState, store } from './state.js';
import { render, say, showMessage } from './status.js';

// A new state: the rules follow a change of game, and the move log the position, while they are open.
on('state', ({ state, previous }) => {
  if (!$('help').hidden && (!previous || previous.game !== state.game)) loadHelp();
  refreshLog();
});

// -- help --------------------------------------------------------------------------------------------

export async function loadHelp() {
  const body = $('help-body');
  const game = app.state.game;
  body.textContent = t('help_loading');
  app.helpSeq = (app.helpSeq || 0) + 1;
  const seq = app.helpSeq;
  const res = await request(`/api/help/${encodeURIComponent(game)}`);
  if (seq !== app.helpSeq) return; // a later request (another game or language) wins
  if (res.ok) {
    body.innerHTML = res.data; // sanitized by the server's help renderer
    renumberHeadings(body);
  } else {
    const p = document.createElement('p');
    p.className = 'error';
    p.textContent = (res.data && res.data.error) || String(res.status);
    body.replaceChildren(p);
  }
  body.lang = (res.ok && res.headers.get('content-language')) || app.lang;
  body.dataset.lang = app.lang; // asked for; body.lang is what came (a fallback may differ)
}

// The rules' headings go under the panel's h2 with no level skipped (an outline a screen reader can use).
function renumberHeadings(root) {
  const found = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const levels = [...new Set(found.map((h) => Number(h.tagName[1])))].sort();
  found.forEach((h) => {
    const level = Math.min(6, 3 + levels.indexOf(Number(h.tagName[1])));
    const copy = document.createElement(`h${level}`);
    [...h.attributes].forEach((a) => copy.setAttribute(a.name, a.value));
    copy.append(...h.childNodes);
    h.replaceWith(copy);
  });
}

export function toggleHelp(open, focus = true) {
  const help = $('help');
  const show = open === undefined ? help.hidden : open;
  const wasShown = !help.hidden;
  help.hidden = !show;
  $('btn-rules').setAttribute('aria-expanded', String(show));
  store.set('reussite.help', show ? '1' : '0');
  if (show) loadHelp();
  if (app.state) render();
  // Focus goes to the rules when they open, and back to their button when they close.
  if (focus && show && !wasShown) $('help-title').focus({ preventScroll: true });
  const active = document.activeElement;
  if (focus && !show && wasShown && (!active || active === document.body || help.contains(active))) {
    $('btn-rules').focus();
  }
}

export function toggleMenu(open) {
  const bar = $('bar');
  const show = open === undefined ? bar.dataset.menu !== 'open' : open;
  if (show) bar.dataset.menu = 'open';
  else delete bar.dataset.menu;
  $('btn-menu').setAttribute('aria-expanded', String(show));
}

// -- saved games: save under a name, list, load, delete, download, upload ---------------------------

function savesMessage(text, error = false) {
  const box = $('saves-message');
  box.textContent = text || '';
  box.classList.toggle('error', Boolean(error));
}

export function toggleSaves(open) {
  const panel = $('saves');
  const show = open === undefined ? panel.hidden : open;
  panel.hidden = !show;
  $('btn-saves').setAttribute('aria-expanded', String(show));
  if (show) {
    savesMessage('');
    refreshSaves();
    $('save-name').focus();
  } else {
    $('btn-saves').focus();
  }
}

async function refreshSaves() {
  const res = await request('/api/saves');
  if (res.ok) renderSaves(res.data.saves);
  else savesMessage(res.data.error || String(res.status), true);
}

function renderSaves(list) {
  app.saves = list;
  $('saves-none').hidden = list.length > 0;
  $('saves-list').hidden = !list.length;
  const cell = (text, cls) => {
    const td = document.createElement('td');
    td.textContent = text;
    if (cls) td.className = cls;
    return td;
  };
  $('saves-list').tBodies[0].replaceChildren(...list.map((save) => {
    const tr = document.createElement('tr');
    tr.dataset.name = save.name;
    tr.append(cell(save.name));
    if (save.error) {
      const td = cell(save.error, 'error');
      td.colSpan = 4;
      tr.append(td);
    } else {
      tr.append(cell(t('game_and_number', { game: save.game_name, number: save.number })), cell(String(save.moves)),
        cell(save.elapsed == null ? '' : formatTime(save.elapsed)),
        cell(new Date(save.mtime).toLocaleString(app.locale, { dateStyle: 'short', timeStyle: 'short' })));
    }
    const actions = cell('', 'actions');
    const button = (key, handler) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `small save-${key}`;
      b.textContent = t(key);
      b.setAttribute('aria-label', `${t(key)} ${save.name}`);
      b.addEventListener('click', handler);
      return b;
    };
    if (!save.error) {
      actions.append(button('load', () => loadSave(save.name)));
      const link = document.createElement('a');
      link.className = 'save-download';
      link.href = `/api/saves/file?name=${encodeURIComponent(save.name)}`;
      link.download = `${save.name}.json`;
      link.textContent = t('download');
      link.setAttribute('aria-label', `${t('download')} ${save.name}`);
      actions.append(link);
    }
    actions.append(button('delete', () => deleteSave(save.name)));
    tr.append(actions);
    return tr;
  }));
}

const saveExists = (name) => (app.saves || []).some((s) => s.name === name.normalize('NFC'));

export function saveGame(event) {
  event.preventDefault();
  const name = $('save-name').value.trim();
  if (!name || !app.state) return;
  const replace = saveExists(name);
  if (replace && !window.confirm(t('save_replace', { name }))) return;
  app.queue = app.queue.then(async () => {
    const res = await request('/api/saves/save', { name, replace, version: app.state.version });
    if (res.ok) {
      renderSaves(res.data.saves);
      savesMessage(t('saved', { name: res.data.saved }));
    } else {
      if (res.status === 409 && res.data.state) setState(res.data.state);
      savesMessage(res.data.error || String(res.status), true);
    }
  }).catch(failed);
}

// Loading replaces the game in progress: only with the player's say-so, and only the position they saw.
function loadSave(name) {
  const s = app.state;
  const inProgress = s && s.moves > 0 && !s.won && !s.lost && !s.no_win;
  if (inProgress && !window.confirm(t('load_abandon', { name }))) return;
  stopDemo();
  app.queue = app.queue.then(async () => {
    const res = await request('/api/saves/load', { name, version: app.state.version });
    if (res.ok) {
      setState(res.data);
      savesMessage(t('loaded', { name: res.data.loaded }));
      say('loaded', { name: res.data.loaded });
    } else {
      if (res.status === 409 && res.data.state) setState(res.data.state);
      savesMessage(res.data.error || String(res.status), true);
    }
  }).catch(failed);
}

async function deleteSave(name) {
  if (!window.confirm(t('delete_confirm', { name }))) return;
  const res = await request('/api/saves/delete', { name });
  if (res.ok) {
    renderSaves(res.data.saves);
    savesMessage(t('deleted', { name }));
  } else {
    savesMessage(res.data.error || String(res.status), true);
    refreshSaves();
  }
}

// A save file from the player's disk, kept under its file name (the server replays and checks it).
export async function uploadSave() {
  const input = $('save-upload');
  const file = input.files && input.files[0];
  input.value = '';
  if (!file) return;
  const name = file.name.replace(/\.json$/i, '').replace(/[^\p{L}\p{N} _-]/gu, '_').trim().slice(0, 64) || 'save';
  const replace = saveExists(name);
  if (replace && !window.confirm(t('save_replace', { name }))) return;
  const text = await file.text();
  const res = await request('/api/saves/upload', { name, text, file: file.name, replace });
  if (res.ok) {
    renderSaves(res.data.saves);
    savesMessage(t('saved', { name: res.data.saved }));
  } else {
    savesMessage(res.data.error || String(res.status), true);
  }
}

// -- statistics --------------------------------------------------------------------------------------

function cell(tag, text, scope) {
  const el = document.createElement(tag);
  el.textContent = String(text);
  if (scope) el.scope = scope;
  return el;
}

// The log comes a page at a time (newest first); "Show older games" asks for the next page.
let statsShown = 0;

function renderStats(data, more = false) {
  const empty = data.summary.length === 0;
  $('stats-empty').hidden = !empty;
  ['stats-summary', 'stats-recent-title', 'stats-recent'].forEach((id) => { $(id).hidden = empty; });
  const label = (g) => (g.options_text ? `${g.name} (${g.options_text})` : g.name);
  $('stats-summary').tBodies[0].replaceChildren(...data.summary.map((g) => {
    const row = document.createElement('tr');
    row.append(cell('th', label(g), 'row'), cell('td', g.played), cell('td', g.won), cell('td', g.percent_text),
      cell('td', g.current_streak), cell('td', g.best_streak), cell('td', g.best_time_text),
      cell('td', g.best_score));
    return row;
  }));
  const when = new Intl.DateTimeFormat(app.locale, { dateStyle: 'short', timeStyle: 'short' });
  const rows = data.recent.map((r) => {
    const row = document.createElement('tr');
    const replay = document.createElement('button');
    replay.type = 'button';
    replay.className = 'small replay';
    replay.textContent = t('stats_replay');
    replay.setAttribute('aria-label', r.replay_label);
    replay.addEventListener('click', () => {
      toggleStats(false);
      newGame(r.number, { game: r.game, options: r.options });
    });
    const last = document.createElement('td');
    last.append(replay);
    row.append(cell('td', when.format(new Date(r.finished))), cell('td', label(r)), cell('td', r.number),
      cell('td', r.result_text), cell('td', r.score), cell('td', r.moves), cell('td', r.time_text), last);
    return row;
  });
  const body = $('stats-recent').tBodies[0];
  if (more) body.append(...rows);
  else body.replaceChildren(...rows);
  statsShown = (more ? statsShown : 0) + rows.length;
  $('btn-stats-more').hidden = empty || statsShown >= data.total;
  return rows;
}

export async function loadStats(more = false) {
  const res = await request(`/api/stats?offset=${more ? statsShown : 0}`);
  if (!res.ok) {
    showMessage((res.data && res.data.error) || String(res.status), true);
    return;
  }
  const rows = renderStats(res.data, more);
  // The button gone (the whole log shown), the focus goes to the first game it brought.
  if (more && $('btn-stats-more').hidden && rows.length) rows[0].querySelector('button').focus();
}

export function toggleStats(open) {
  const panel = $('stats');
  const show = open === undefined ? panel.hidden : open;
  panel.hidden = !show;
  $('btn-stats').setAttribute('aria-expanded', String(show));
  if (show) loadStats().then(() => $('btn-stats-close').focus());
  else $('btn-stats').focus();
}

// -- the move log and bookmarks -----------------------------------------------------------------------

export function toggleLog(open) {
  const panel = $('log');
  const show = open === undefined ? panel.hidden : open;
  panel.hidden = !show;
  $('btn-log').setAttribute('aria-expanded', String(show));
  if (show) refreshLog().then(() => { const b = $('log-list').querySelector('[aria-current]'); if (b) b.focus(); });
  else $('btn-log').focus();
}

const bookmarkKey = () => `reussite.bookmarks.${app.state.game}.${app.state.number}`;

// Bookmarks as stored: lists of moves in notation; anything else (an edit, another version's form) is left out
// and said.
function bookmarks() {
  const key = bookmarkKey();
  const raw = store.get(key);
  let marks;
  try { marks = JSON.parse(raw || '[]'); } catch (e) { marks = null; }
  if (!Array.isArray(marks)) {
    ignoreStored(key, raw);
    return [];
  }
  const good = marks.filter((mark) => Array.isArray(mark) && mark.every((m) => typeof m === 'string'));
  if (good.length < marks.length) ignoreStored(key, JSON.stringify(marks.filter((mark) => !good.includes(mark))));
  return good;
}

// The log of the position shown, drawn again after each change while the panel is open.
export async function refreshLog() {
  if ($('log').hidden || !app.state) return;
  const version = app.state.version;
  const res = await request('/api/log');
  if (!res.ok || !app.state || res.data.version !== app.state.version || version !== app.state.version) return;
  app.log = res.data;
  const { at, moves } = res.data;
  const item = (k, text, notation) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.moves = String(k);
    if (notation) {
      const code = document.createElement('span');
      code.className = 'notation';
      code.textContent = notation;
      b.append(code);
    }
    b.append(text);
    if (k === at) b.setAttribute('aria-current', 'step');
    if (k > at) li.className = 'undone';
    b.addEventListener('click', () => goToMoves(k));
    li.append(b);
    return li;
  };
  $('log-list').replaceChildren(item(0, t('log_start')), ...moves.map((m, i) => item(i + 1, m.text, m.shown)));
  renderBookmarks();
}

function goToMoves(k) {
  if (!app.state || !app.log || k === app.log.at) return;
  act('/api/goto', { moves: k });
}

// A bookmark is a position of this deal, kept as the moves that lead to it from the start (PySolFC's bookmarks
// restore the whole position): going to it works from any line, the server replaying the bookmark's moves
// from where the two lines part.
export function setBookmark() {
  if (!app.log) return;
  const marks = bookmarks();
  marks.push(app.log.moves.slice(0, app.log.at).map((m) => m.notation));
  if (!store.set(bookmarkKey(), JSON.stringify(marks))) {
    showMessage(t('bookmark_not_kept'), true);
    return;
  }
  renderBookmarks();
}

function renderBookmarks() {
  $('bookmarks').setAttribute('aria-label', t('bookmark_set'));
  $('bookmarks').replaceChildren(...bookmarks().map((mark, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'small bookmark';
    b.textContent = `★ ${i + 1}`;
    b.setAttribute('aria-label', t('bookmark_go', { number: i + 1, moves: mark.length }));
    b.title = b.getAttribute('aria-label');
    b.addEventListener('click', () => { if (app.state) act('/api/goto', { line: mark }); });
    return b;
  }));
}
