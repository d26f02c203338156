// Display preferences, remembered in localStorage: four-colour suits and animation speed.

const KEY = "cardtable.settings";
const DEFAULTS = { fourColour: false, speed: "normal", memoryAid: true };
export const SPEEDS = { slow: 1.8, normal: 1, fast: 0.45, off: 0 };

let current = load();
const listeners = new Set();

function load() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  const out = { ...DEFAULTS, ...saved };
  if (!(out.speed in SPEEDS)) out.speed = DEFAULTS.speed;
  return out;
}

export function settings() {
  return current;
}

export function setSetting(name, value) {
  current = { ...current, [name]: value };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    /* ignore */
  }
  apply();
  for (const fn of listeners) fn(current);
}

export function onSettingsChange(fn) {
  listeners.add(fn);
}

/** Milliseconds for an animation of nominal length ms, after the speed setting and the
 * reduced-motion preference. */
export function duration(ms) {
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return 0;
  return Math.round(ms * (SPEEDS[current.speed] ?? 1));
}

export function apply() {
  document.body.classList.toggle("four-colour", Boolean(current.fourColour));
  document.documentElement.style.setProperty("--speed", String(SPEEDS[current.speed] ?? 1));
  document.body.dataset.speed = current.speed;
}
