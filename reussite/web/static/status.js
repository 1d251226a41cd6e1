// The game's state arriving, and everything around the table that shows it: toolbar, dialog, notices, the
// message and live lines. render() draws the whole page for the state (the table, then what is around it).

import { newGame, request } from './api.js';
import { tick } from './clock.js';
import { t } from './i18n.js';
import { playSound } from './sound.js';
import { $, app, ignored, on } from './state.js';
import { renderTable } from './table.js';

// What a change did, in words, for the live region: where cards went and which cards it turned up.
function describeChange(previous, state, path) {
  const parts = [];
  if (path === '/api/undo') parts.push(t('announce_undo'));
  if (path === '/api/redo') parts.push(t('announce_redo'));
  const shown = new Map();
  previous.stacks.forEach((s) => s.cards.forEach((c) => { if (c) shown.set(c.code, (shown.get(c.code) || 0) + 1); }));
  const placed = new Set();
  state.stacks.forEach((s, i) => {
    const before = previous.stacks[i].cards.length;
    const added = s.cards.slice(before).filter(Boolean);
    if (!added.length) return;
    added.forEach((c) => placed.add(c));
    parts.push(added.length === 1 ? t('announce_to', { card: added[0].label, stack: s.name })
      : t('announce_many', { count: added.length, card: added[0], stack: s.name }));
  });
  const turned = [];
  state.stacks.forEach((s) => s.cards.forEach((c) => {
    if (!c) return;
    const left = shown.get(c.code) || 0;
    if (left > 0) shown.set(c.code, left - 1);
    else if (!placed.has(c)) turned.push(c.label);
  }));
  if (turned.length) parts.push(t('announce_up', { cards: turned.join(', ') }));
  if (parts.length <= 1 && path) parts.push(...describeUnplaced(previous, state));
  if (state.won) parts.push(t('won', { score: state.score }));
  return parts.join(' ');
}

// A change that put no face-up card anywhere (an undo that turns a card back down, a redeal taken back):
// what went face down, and the top card of each pile that changed, so that no change is a bare "Undone.".
function describeUnplaced(previous, state) {
  const parts = [];
  const code = (c) => (c ? c.code : '#');
  const changed = state.stacks.map((s, i) => s.cards.map(code).join() !== previous.stacks[i].cards.map(code).join());
  state.stacks.forEach((s, i) => {
    if (!changed[i]) return;
    const before = previous.stacks[i].cards;
    const down = s.cards.some((c, k) => !c && (k >= before.length || before[k]));
    if (down) parts.push(t('announce_down', { stack: s.name }));
    const top = s.cards[s.cards.length - 1];
    const stack = { label: s.name, The: s.name_the };
    if (!s.cards.length) parts.push(t('announce_empty', { stack }));
    else if (top) parts.push(t('announce_top', { stack, card: top.label }));
  });
  return parts;
}

export function announce(text) {
  // Emptied first, so the same words said twice are spoken twice.
  const box = $('announce');
  box.textContent = '';
  if (text) setTimeout(() => { box.textContent = text; }, 30);
}

// A new state (state.js's setState): said, heard, and drawn. The panels and the solver follow it on their own.
on('state', ({ state, previous, path }) => {
  if (previous && path && previous.game === state.game && previous.number === state.number) {
    announce(describeChange(previous, state, path));
    if (state.won && !previous.won) playSound('win');
    else playSound(path === '/api/deal' ? 'deal' : 'move');
  } else if (previous && (previous.game !== state.game || previous.number !== state.number)) {
    playSound('deal');
  }
  if (!previous || previous.game !== state.game || previous.number !== state.number) {
    $('number-input').value = state.number;
    app.dismissed = -1;
  }
  app.sel = null;
  render();
});

on('message', ({ text, error }) => showMessage(text, error));

export function render() {
  if (!app.state) return;
  renderTable();
  renderBar();
  renderDialog();
  if (!app.painted) {
    app.painted = true;
    requestAnimationFrame(() => {
      performance.mark('reussite-layout-painted');
      document.body.dataset.painted = '1';
    });
  }
  document.body.dataset.version = app.state.version;
}

export function renderOptions() {
  const state = app.state;
  const game = app.games.find((g) => g.id === $('game-select').value) || { options: [] };
  const box = $('options');
  const same = box.dataset.game === game.id && box.dataset.lang === app.lang;
  if (!same) {
    box.replaceChildren(...game.options.map((o) => {
      const label = document.createElement('label');
      label.className = 'field';
      const span = document.createElement('span');
      span.textContent = o.label || o.name;
      span.title = o.help;
      const sel = document.createElement('select');
      sel.name = o.name;
      sel.title = o.help;
      sel.setAttribute('aria-label', `${o.label || o.name}: ${o.help}`);
      o.choices.forEach((c, k) => sel.add(new Option((o.choice_labels && o.choice_labels[k]) || c, c)));
      sel.value = o.default;
      sel.addEventListener('change', () => newGame());
      label.append(span, sel);
      return label;
    }));
    box.dataset.game = game.id;
    box.dataset.lang = app.lang;
  }
  if (game.id === state.game) {
    box.querySelectorAll('select').forEach((sel) => {
      if (sel.name in state.options) sel.value = state.options[sel.name];
    });
  }
}

export function renderBar() {
  const state = app.state;
  $('game-select').value = state.game;
  renderOptions();
  $('score').textContent = state.max_score ? `${state.score} / ${state.max_score}` : String(state.score);
  renderRules(state);
  $('moves').textContent = String(state.moves);
  // The number in its own element (to copy it), where the language's "{game} #{number}" puts it.
  const [before, after = ''] = t('game_and_number', { game: state.name }).split('{number}');
  $('game-name').textContent = before;
  $('game-number-after').textContent = after;
  $('game-number').textContent = state.number;
  $('btn-undo').disabled = !state.can_undo;
  $('btn-redo').disabled = !state.can_redo;
  $('btn-deal').disabled = !state.can_deal;
  $('help-title').textContent = `${t('rules')} — ${state.name}`;
  tick();
  renderNotices(state.notices);
}

// The score's rule (under the score) and the redeals left, in plain words.
function renderRules(state) {
  $('score-rule').textContent = state.score_rule || '';
  $('redeals-box').hidden = !state.redeals;
  $('redeals').textContent = state.redeals_left == null ? t('unlimited') : String(state.redeals_left);
}

// Server notices (a corrupt autosave set aside, a data folder that cannot be written) and the values kept by
// this browser that were ignored (state.js): shown until closed.
function renderNotices(notices) {
  let seen;
  try { seen = JSON.parse(sessionStorageGet('reussite.notices') || '[]'); } catch (e) { seen = []; }
  if (!Array.isArray(seen)) seen = []; // not ours: as if none had been closed
  const local = ignored.map((i) => t('stored_ignored', { key: i.key, value: i.value }));
  const fresh = [...notices, ...local].filter((n) => !seen.includes(n));
  $('notice').hidden = !fresh.length;
  $('notice-text').textContent = fresh.join(' ');
  $('notice').dataset.all = JSON.stringify([...seen, ...fresh]);
}

on('ignored', () => { if (app.state && Object.keys(app.strings).length) renderNotices(app.state.notices); });

function sessionStorageGet(key) {
  try { return sessionStorage.getItem(key); } catch (e) { return null; }
}

export function closeNotice() {
  try { sessionStorage.setItem('reussite.notices', $('notice').dataset.all || '[]'); } catch (e) { /* ignore */ }
  $('notice').hidden = true;
}

export function renderDialog() {
  const state = app.state;
  const dialog = $('dialog');
  const over = state.won || state.lost || state.no_win;
  const show = over && app.dismissed !== state.version;
  if (!show) {
    dialog.hidden = true;
    return;
  }
  $('dialog-text').textContent = state.won ? t('won', { score: state.score }) : t('no_win');
  let detail = t('won_detail');
  if (!state.won) detail = state.lost ? t('no_win_detail_lost') : t('no_win_detail_proved');
  $('dialog-detail').textContent = detail;
  $('dlg-undo').hidden = !state.can_undo;
  dialog.hidden = false;
  dialog.dataset.kind = state.won ? 'won' : 'lost';
  $('dlg-rewind').hidden = true;
  if (!state.won && state.can_undo) findRewind(state.version);
  $('dlg-new').focus({ preventScroll: true });
}

// "Undo N moves": back to the last position from which the solver proves a win.
async function findRewind(version) {
  if (app.rewind && app.rewind.version === version && app.rewind.lang === app.lang) {
    showRewind();
    return;
  }
  const lang = app.lang;
  app.rewind = { version, lang, pending: true };
  $('dialog-detail').textContent += ` ${t('rewind_looking')}`;
  const res = await request('/api/rewind', { version });
  if (!app.state || app.state.version !== version || !res.ok || res.data.stale) return;
  if (lang !== app.lang) return; // the language changed meanwhile: the new dialog asked again
  app.rewind = { version, lang, undo: res.data.undo, label: res.data.label, text: res.data.text };
  showRewind();
}

function showRewind() {
  const rewind = app.rewind;
  const state = app.state;
  if (!rewind || rewind.pending || !state || rewind.version !== state.version || $('dialog').hidden) return;
  let detail = state.lost ? t('no_win_detail_lost') : t('no_win_detail_proved');
  if (rewind.text) detail += ` ${rewind.text}`;
  $('dialog-detail').textContent = detail;
  const button = $('dlg-rewind');
  button.hidden = !rewind.undo;
  button.textContent = rewind.label || '';
  button.dataset.undo = rewind.undo || '';
  if (rewind.undo) button.focus({ preventScroll: true });
  renderLive();
}

export function closeDialog() {
  app.dismissed = app.state ? app.state.version : -1;
  $('dialog').hidden = true;
}

// ``again()`` gives the message in the page's language: a change of language shows it again (sayAgain).
export function showMessage(text, error = false, again = null) {
  const box = $('message');
  box.textContent = text || '';
  box.classList.toggle('error', Boolean(error));
  app.message = again ? { again, error } : null;
}

// A message of the page's strings, shown again in a new language.
export const say = (key, params, error = false) => showMessage(t(key, params), error, () => t(key, params));

export function sayAgain() {
  if (app.message) showMessage(app.message.again(), app.message.error, app.message.again);
}

// Live winnability (solver.js asks): the words for what is known of the shown position; while a new check runs
// the last words stay, dimmed (so that a screen reader is told only when they change).
export const liveOn = () => $('live-check').checked;

export function renderLive() {
  const box = $('live');
  const state = app.state;
  let text = '';
  let kind = '';
  let pending = false;
  if (state && liveOn() && !state.won) {
    if (state.lost || state.no_win) {
      const rewind = app.rewind;
      const undo = rewind && rewind.version === state.version && rewind.undo;
      text = undo ? t('live_lost_undo', { count: rewind.undo }) : t('live_lost');
      kind = 'lost';
    } else if (app.live && app.live.version === state.version) {
      if (app.live.verdict === 'won') {
        text = t('live_winnable');
        kind = 'won';
      }
    } else {
      pending = Boolean(box.textContent);
    }
  }
  if (!pending) {
    box.textContent = text;
    box.dataset.kind = kind;
  }
  box.classList.toggle('pending', pending);
}
