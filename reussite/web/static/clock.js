// The clock: the server counts time only while a page shows the game; the page shows it ticking.

import { request } from './api.js';
import { $, app } from './state.js';

export function tick() {
  const state = app.state;
  if (!state) return;
  let seconds = state.elapsed;
  // Between the server's figures: counting on only while the page shows the unfinished game.
  if (!state.won && !state.lost && document.visibilityState === 'visible') {
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

export function reportClock() {
  clearTimeout(app.clockTimer);
  const visible = document.visibilityState === 'visible';
  request('/api/clock', { visible }).then((res) => {
    if (res.ok && app.state && res.data.version === app.state.version) {
      app.state.elapsed = res.data.elapsed;
      app.receivedAt = performance.now();
      tick();
    }
  });
  if (visible) app.clockTimer = setTimeout(reportClock, CLOCK_BEAT);
}
