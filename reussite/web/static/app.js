// Réussite in the browser. The game lives on the server; these modules draw it and send the player's moves.
// Every piece of text comes from /api (in the chosen language); nothing is hard-coded here.
// This module wires the page's controls to the others and starts it.

import { doAuto, doDeal, doRedo, doRestart, doUndo, doUndoMany, failed, newGame, request, stopSearch } from './api.js';
import { renderFullScreen, reportClock, setPaused, tick, toggleFullScreen } from './clock.js';
import { t } from './i18n.js';
import { onContextMenu, onKey, onPointerCancel, onPointerDown, onPointerMove, onPointerUp, onTableKey } from './input.js';
import { boot, fillGames } from './language.js';
import { loadStats, saveGame, setBookmark, toggleHelp, toggleLog, toggleMenu, toggleSaves, toggleStats, uploadSave } from './panels.js';
import { initSettings } from './settings.js';
import { demoPlayPause, demoStep, hint, playHint, solveDemo, stopDemo } from './solver.js';
import { $, app, setState, store } from './state.js';
import { closeDialog, closeNotice, render, renderOptions, say } from './status.js';

function copyNumber() {
  const number = app.state.number;
  const done = () => say('copied', { number });
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(number).then(done, () => fallbackCopy(number, done));
  } else {
    fallbackCopy(number, done);
  }
}

function fallbackCopy(text, done) {
  const range = document.createRange();
  range.selectNodeContents($('game-number'));
  const sel = window.getSelection();
  sel.removeAllRanges();
  sel.addRange(range);
  try { document.execCommand('copy'); done(); } catch (e) { /* selected: the player can copy it */ }
}

function init() {
  const table = $('table');
  table.addEventListener('pointerdown', onPointerDown);
  table.addEventListener('pointermove', onPointerMove);
  table.addEventListener('pointerup', onPointerUp);
  table.addEventListener('pointercancel', onPointerCancel);
  table.addEventListener('contextmenu', onContextMenu);
  table.addEventListener('keydown', onTableKey);
  table.addEventListener('dblclick', (e) => e.preventDefault());
  document.addEventListener('keydown', onKey);
  $('btn-undo').addEventListener('click', doUndo);
  $('btn-redo').addEventListener('click', doRedo);
  $('btn-hint').addEventListener('click', hint);
  $('btn-deal').addEventListener('click', doDeal);
  $('btn-auto').addEventListener('click', doAuto);
  $('btn-new').addEventListener('click', () => newGame());
  $('btn-restart').addEventListener('click', () => { toggleMenu(false); doRestart(); });
  $('btn-copy').addEventListener('click', copyNumber);
  $('btn-rules').addEventListener('click', () => toggleHelp());
  $('btn-help-close').addEventListener('click', () => toggleHelp(false));
  $('btn-stats').addEventListener('click', () => toggleStats());
  $('btn-stats-close').addEventListener('click', () => toggleStats(false));
  $('btn-stats-more').addEventListener('click', () => loadStats(true));
  $('btn-number').addEventListener('click', () => {
    const text = $('number-input').value.trim();
    if (!/^\d{1,20}$/.test(text) || /^0+$/.test(text)) {
      say('bad_number', null, true);
      return;
    }
    toggleMenu(false); // the number chosen: the table in full view again
    newGame(text);
  });
  $('number-input').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') $('btn-number').click();
  });
  $('game-search').addEventListener('input', () => {
    const shown = fillGames();
    if (!shown.length) say('game_search_none', { text: $('game-search').value.trim() }, true);
  });
  $('game-search').addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    const shown = fillGames();
    if (!shown.length || shown[0].id === (app.state && app.state.game)) return;
    $('game-select').value = shown[0].id;
    $('game-select').dispatchEvent(new Event('change'));
  });
  $('game-select').addEventListener('change', () => {
    renderOptions();
    if (newGame() === false && app.state) {
      $('game-select').value = app.state.game;
      renderOptions();
    }
  });
  $('dlg-undo').addEventListener('click', () => { closeDialog(); doUndo(); });
  $('dlg-rewind').addEventListener('click', () => {
    const count = Number($('dlg-rewind').dataset.undo);
    closeDialog();
    if (count) doUndoMany(count);
  });
  $('btn-solve').addEventListener('click', solveDemo);
  $('btn-play-hint').addEventListener('click', playHint);
  $('btn-search-stop').addEventListener('click', stopSearch);
  $('demo-play').addEventListener('click', demoPlayPause);
  $('demo-step').addEventListener('click', () => demoStep());
  $('demo-stop').addEventListener('click', () => stopDemo());
  $('demo-speed').addEventListener('change', () => store.set('reussite.demoSpeed', $('demo-speed').value));
  const winnableOnly = $('winnable-only');
  winnableOnly.addEventListener('change', () => store.set('reussite.winnable', winnableOnly.checked ? '1' : '0'));
  $('dlg-new').addEventListener('click', () => { closeDialog(); newGame(); });
  $('dlg-close').addEventListener('click', closeDialog);
  $('btn-notice-close').addEventListener('click', closeNotice);
  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => app.state && render(), 60);
  });
  setInterval(tick, 1000);
  $('btn-saves').addEventListener('click', () => toggleSaves());
  $('btn-log').addEventListener('click', () => toggleLog());
  $('btn-log-close').addEventListener('click', () => toggleLog(false));
  $('btn-bookmark').addEventListener('click', setBookmark);
  $('log').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.stopPropagation(); toggleLog(false); }
  });
  $('btn-saves-close').addEventListener('click', () => toggleSaves(false));
  $('save-form').addEventListener('submit', saveGame);
  $('save-upload').addEventListener('change', uploadSave);
  $('saves').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.stopPropagation(); toggleSaves(false); }
  });
  document.addEventListener('visibilitychange', reportClock);
  window.addEventListener('pagehide', () => {
    // The page goes away: the clock stops now rather than ACTIVE_GAP seconds later.
    try {
      fetch('/api/clock', { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ visible: false }) });
    } catch (e) { /* the server's gap stops the clock anyway */ }
  });
  // Back from another tab or window, which may have played: show the current position.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !app.state) return;
    app.queue = app.queue.then(async () => {
      const res = await request('/api/state');
      if (res.ok && res.data.version !== app.state.version) setState(res.data);
    }).catch(failed);
  });
  $('btn-menu').addEventListener('click', () => toggleMenu());
  $('btn-pause').addEventListener('click', () => setPaused(!app.paused));
  $('btn-resume').addEventListener('click', () => setPaused(false));
  $('btn-full').addEventListener('click', toggleFullScreen);
  document.addEventListener('fullscreenchange', renderFullScreen);
  // The menu opens over the table: a press anywhere else folds it again.
  document.addEventListener('pointerdown', (e) => {
    if ($('bar').dataset.menu === 'open' && !$('menu').contains(e.target) && !$('btn-menu').contains(e.target)) {
      toggleMenu(false);
    }
  });
  $('skip').addEventListener('click', (e) => {
    e.preventDefault();
    const slot = $('table').querySelector('.slot[tabindex="0"]');
    (slot || $('table')).focus();
  });
  initSettings();
  boot(app.lang).then(() => {
    if (store.get('reussite.help') === '1') toggleHelp(true, false);
    reportClock();
  });
}

init();
