// Sounds (off unless the player turns them on in the menu): a few short tones made here with the Web Audio
// API, no recorded files, so nothing to license beyond the project's own code (see cards.README.md).

import { $ } from './state.js';

// [frequency in Hz, seconds] played one after another.
const TONES = {
  move: [[520, 0.05]],
  deal: [[330, 0.04], [440, 0.05]],
  win: [[523, 0.12], [659, 0.12], [784, 0.24]],
};
let context = null;
let played = 0;

export function playSound(name) {
  if (!$('sound').checked || !TONES[name]) return;
  try {
    context = context || new AudioContext();
  } catch (e) {
    return; // no audio here: the game goes on silently
  }
  let at = context.currentTime;
  TONES[name].forEach(([frequency, seconds]) => {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'triangle';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.12, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + seconds);
    at += seconds;
  });
  played += 1;
  document.body.dataset.sound = `${name} ${played}`; // what was last played (the tests read it)
}
