// Display preferences, remembered in localStorage: four-colour suits and animation speed.

const KEY = "cardtable.settings";
const DEFAULTS = { fourColour: false, speed: "normal" };
// A game's own display switches (`addSwitch`), shown in the settings menu after the
// shell's: the shell names no game's setting.
const SWITCHES = [];
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

/** A game's on/off display setting: `name` its key in `settings()`, `label` an i18n key
 * (the game adds the words), `initial` its value until the person changes it. */
export function addSwitch({ name, label, initial }) {
  if (SWITCHES.some((s) => s.name === name)) return;
  SWITCHES.push({ name, label });
  if (!(name in current)) current = { ...current, [name]: initial };
}

/** The games' switches, in the order they were added. */
export function switches() {
  return [...SWITCHES];
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
