// The clock: the server counts time only while a page shows the game; the page shows it ticking.
// Pause (the button or z) hides the cards and says so to the server as a hidden page does.

import { request } from './api.js';
import { t } from './i18n.js';
import { $, app } from './state.js';

export function tick() {
  const state = app.state;
  if (!state) return;
  let seconds = state.elapsed;
  // Between the server's figures: counting on only while the page shows the unfinished game.
  if (!state.won && !state.lost && shown()) {
    seconds += Math.min((performance.now() - app.receivedAt) / 1000, 30);
  }
  $('time').textContent = formatTime(seconds);
}

export function formatTime(seconds) {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

const CLOCK_BEAT = 10000; // ms between reports while visible (the server counts at most 30 s past one)

// The game counts as shown while the page is in sight and not paused.
const shown = () => document.visibilityState === 'visible' && !app.paused;

export function reportClock() {
  clearTimeout(app.clockTimer);
  const visible = shown();
  request('/api/clock', { visible }).then((res) => {
    if (res.ok && app.state && res.data.version === app.state.version) {
      app.state.elapsed = res.data.elapsed;
      app.receivedAt = performance.now();
      tick();
    }
  });
  if (visible) app.clockTimer = setTimeout(reportClock, CLOCK_BEAT);
}

export function setPaused(on) {
  if (on === app.paused) return;
  if (on && app.state) app.state.elapsed += Math.min((performance.now() - app.receivedAt) / 1000, 30);
  app.paused = on;
  app.receivedAt = performance.now();
  if (on) document.body.dataset.paused = '1';
  else delete document.body.dataset.paused;
  $('paused').hidden = !on;
  $('btn-pause').setAttribute('aria-pressed', String(on));
  $('btn-pause').dataset.s = on ? 'resume' : 'pause'; // kept across a change of language
  $('btn-pause').textContent = t($('btn-pause').dataset.s);
  document.querySelectorAll('#play-tools button').forEach((b) => { b.inert = on; });
  $('table').inert = on;
  tick();
  reportClock();
  if (on) $('btn-resume').focus();
  else $('table').focus({ preventScroll: true });
}

// Full screen: the whole page, as the browser's own F11 does; the button follows the browser's state.
export function toggleFullScreen() {
  if (document.fullscreenElement) return document.exitFullscreen().catch(() => {});
  const root = document.documentElement;
  return root.requestFullscreen ? root.requestFullscreen().catch(() => {}) : Promise.resolve();
}

export function renderFullScreen() {
  $('btn-full').setAttribute('aria-pressed', String(Boolean(document.fullscreenElement)));
}
