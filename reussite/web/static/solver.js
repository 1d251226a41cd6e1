// The solver's help: hints, the background check for a proved loss, and the demo of a winning line.

import { act, autoEach, doMove, request } from './api.js';
import { t } from './i18n.js';
import { $, app, on, setState } from './state.js';
import { liveOn, renderLive, say, showMessage } from './status.js';
import { clearHint, showHint } from './table.js';

const WATCH_DELAY = 400; // ms of calm after a change before the background check (live winnability)

const hintLimit = () => Number($('hint-time').value) || undefined; // the server's default without it

// play: for "Play it", which searches up to the player's ceiling (Settings) where no winning line is known
// yet (the server does so once along a line of play; see advisor.play_advice).
export async function hint(play = false) {
  if (!app.state) return;
  const version = app.state.version;
  say('hint_looking');
  const res = await request('/api/hint', { version, limit: hintLimit(), play });
  if (!res.ok) {
    showMessage(res.data.error || String(res.status), true);
    return;
  }
  if (res.data.stale || !app.state || app.state.version !== version) return; // the player moved meanwhile
  clearHint();
  document.body.dataset.hintKind = res.data.kind;
  document.body.dataset.hintDeep = res.data.deep ? '1' : '0';
  app.hintFinal = Boolean(res.data.final); // a guess in a game whose moves are final: "Play it" asks first
  document.body.dataset.hintVersion = String(version);
  if (res.data.state) {
    app.dismissed = -1; // asked for a hint: the end-of-game dialog shows again
    setState(res.data.state);
    showHintText(res.data); // "Looking for a winning line…" must not stay
    return;
  }
  showHintText(res.data);
  const move = res.data.move;
  if (!move) return;
  if (res.data.kind === 'winning') {
    app.live = { version, verdict: 'won' };
    renderLive();
  }
  showHint(move, version);
}

// The hint's sentence, said again in the page's new language when the player switches (the server sent it in
// every language the page offers).
function showHintText(data) {
  const again = () => (data.texts && data.texts[app.lang]) || data.text || '';
  showMessage(again(), false, again);
}

// Play a move of a line (the hint's, or the demo's) on the position it was found for.
function playLineMove(move, version, onRefused, auto = false) {
  if (!app.state || app.state.version !== version) return Promise.resolve();
  if (move.type === 'move') {
    const ids = app.state.stacks.map((s) => s.id);
    return doMove(ids.indexOf(move.src), ids.indexOf(move.dst), move.n, onRefused, auto);
  }
  return act('/api/deal', { auto }, onRefused, true);
}

// "Play it" (p): the move of a winning line the hint shows; otherwise ask again with the deeper search, and
// play what it shows.
export async function playHint() {
  if (!app.state) return;
  const shown = app.hintMove && app.hintMove.version === app.state.version;
  const searched = document.body.dataset.hintKind === 'winning' || document.body.dataset.hintDeep === '1';
  if (!shown || !searched) await hint(true);
  const hinted = app.hintMove;
  if (!hinted || !app.state || hinted.version !== app.state.version) return;
  if (app.hintFinal && document.body.dataset.hintKind !== 'winning' && !window.confirm(t('play_guess_confirm'))) return;
  playLineMove(hinted.move, hinted.version, null, autoEach());
}

// Live winnability (as KPatience shows it): after the player pauses, a short search in the solver's process
// (never on the way of a move: any change cancels it on the server). The status line says "Winnable", "No win
// from here (undo N)", or nothing while it is undecided; a position proved lost opens the dialog at once.
export function scheduleWatch() {
  clearTimeout(app.watchTimer);
  const state = app.state;
  renderLive();
  if (!state || state.won || state.lost || state.no_win || app.demo || !liveOn()) return;
  const version = state.version;
  app.watchTimer = setTimeout(async () => {
    if (!app.state || app.state.version !== version || app.demo || !liveOn()) return;
    const res = await request('/api/watch', { version });
    if (!res.ok || res.data.stale || !app.state || app.state.version !== version) return;
    app.live = { version, verdict: res.data.verdict };
    document.body.dataset.live = `${version} ${res.data.verdict}`;
    if (res.data.no_win) setState(res.data);
    else renderLive();
  }, WATCH_DELAY);
}

// -- the demo: a winning line played from the current position --------------------------------------

export async function solveDemo() {
  if (!app.state) return;
  stopDemo();
  const version = app.state.version;
  say('hint_looking');
  const res = await request('/api/solve', { version });
  if (!res.ok) {
    showMessage(res.data.error || String(res.status), true);
    return;
  }
  if (res.data.stale || !app.state || app.state.version !== version) return;
  if (res.data.state) {
    setState(res.data.state);
    showMessage(res.data.text || '');
    return;
  }
  showMessage(res.data.text || '', res.data.verdict !== 'won');
  if (res.data.verdict !== 'won' || !res.data.line.length) return;
  app.demo = { line: res.data.line, index: 0, version, playing: false, timer: 0 };
  renderDemo();
}

export function renderDemo() {
  const demo = app.demo;
  $('demo').hidden = !demo;
  if (!demo) {
    delete document.body.dataset.demo;
    return;
  }
  document.body.dataset.demo = demo.playing ? 'playing' : 'paused';
  $('demo-progress').textContent = `${demo.index} / ${demo.line.length}`;
  $('demo-play').textContent = t(demo.playing ? 'demo_pause' : 'demo_play');
  $('demo-step').disabled = demo.playing || demo.index >= demo.line.length;
}

export function demoStep() {
  const demo = app.demo;
  if (!demo || demo.index >= demo.line.length) return Promise.resolve();
  const move = demo.line[demo.index];
  demo.index += 1;
  demo.version += 1; // the position this step leads to
  return playLineMove(move, demo.version - 1, () => stopDemo(t('demo_stopped'))).then(() => {
    if (app.demo !== demo) return;
    if (demo.index >= demo.line.length) {
      stopDemo(t('demo_done'));
      return;
    }
    renderDemo();
  });
}

function demoTick() {
  const demo = app.demo;
  if (!demo || !demo.playing) return;
  demoStep().then(() => {
    if (app.demo === demo && demo.playing) demo.timer = setTimeout(demoTick, Number($('demo-speed').value));
  });
}

export function demoPlayPause() {
  const demo = app.demo;
  if (!demo) return;
  demo.playing = !demo.playing;
  clearTimeout(demo.timer);
  renderDemo();
  if (demo.playing) demoTick();
}

export function stopDemo(text) {
  const demo = app.demo;
  if (!demo) return;
  clearTimeout(demo.timer);
  app.demo = null;
  renderDemo();
  if (text) showMessage(text);
  scheduleWatch();
}

// A new state: a demo of another position stops, and the live check looks at the new one.
on('state', ({ state }) => {
  if (app.demo && app.demo.version !== state.version) stopDemo(t('demo_stopped'));
  scheduleWatch();
});
on('new-game', () => stopDemo());
