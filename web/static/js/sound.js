// Sound: a short click for a move and a lower knock for a capture,
// synthesised with WebAudio so that the client ships no sound files. The
// switch is kept in localStorage; sounds are on until turned off.

import * as settings from './settings.js';

const KEY = 'plateau:sound';

let audio = null;

/** on tells whether sounds are switched on. */
export const on = () => localStorage.getItem(KEY) !== 'off';

/** setOn switches sounds on or off and remembers the choice. */
export function setOn(yes) {
  localStorage.setItem(KEY, yes ? 'on' : 'off');
}

// Each sound is a few tones: [frequency Hz, start s, length s, type].
const SOUNDS = {
  move: [[660, 0, 0.06, 'triangle'], [990, 0.05, 0.05, 'triangle']],
  capture: [[220, 0, 0.12, 'square'], [150, 0.08, 0.16, 'triangle']],
  turn: [[523, 0, 0.09, 'sine'], [784, 0.1, 0.14, 'sine']],
  lowTime: [[440, 0, 0.08, 'square'], [440, 0.16, 0.08, 'square']],
};

/** volume is the player's sound volume, 0 to 1 (settings.js). */
const volume = () => (settings.get().volume ?? 70) / 100;

/**
 * play plays a sound by name ('move', 'capture', 'turn' or 'lowTime')
 * when sounds are on.
 * Every sound asked for is logged in window.plateauSounds, played or not,
 * with whether it was played, so tests can check without hearing.
 */
export function play(name) {
  const played = on() && volume() > 0 && !!SOUNDS[name];
  (window.plateauSounds ||= []).push({ name, played });
  if (!played) return;
  try {
    audio ||= new AudioContext();
    const t0 = audio.currentTime;
    for (const [freq, start, len, type] of SOUNDS[name]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.2 * volume()), t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + len + 0.02);
    }
  } catch {
    // No audio device, or the browser refuses to play before a click:
    // the game goes on in silence.
  }
}
