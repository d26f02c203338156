"""What "fits the screen" means for the browser tests: the page does not scroll sideways,
no visible element sticks out of the viewport, and no control, heading or text has words
that spill out of its box. The check names the culprits, so a failure says what to fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# An element inside a scrolling or clipping box is that box's business (a card row that
# scrolls on purpose); the box itself is checked like any other. An element wholly left
# of the screen is hidden there on purpose (the skip link until it has focus). Content of
# a closed <details> is laid out by Chromium but not shown: checkVisibility() skips it.
# Text cut to 1px is there for screen readers only (a visually hidden label).
OVERFLOW_JS = """w => {
  const out = [];
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + [...e.classList].map((c) => '.' + c).join('');
  const inScroller = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const CONTROLS = 'button, .btn, summary, a, label, select, h1, h2, h3, th, td';
  const hasText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  for (const e of document.querySelectorAll('body *')) {
    if (!e.checkVisibility({ visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.right <= 0) continue;
    if ((r.right > w + 0.5 || r.left < -0.5) && !inScroller(e)) {
      out.push(`${name(e)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
    } else if ((e.matches(CONTROLS) || hasText(e)) && e.scrollWidth > e.clientWidth + 1
               && getComputedStyle(e).textOverflow !== 'ellipsis' && e.clientWidth > 1) {
      out.push(`${name(e)}'s content is ${e.scrollWidth}px in ${e.clientWidth}px`);
    }
  }
  const page = document.documentElement.scrollWidth;
  if (page > w) out.unshift(`the page is ${page}px wide`);
  return out;
}"""


def overflows(page: Any) -> list[str]:
    """What sticks out of the viewport's width, or out of its own box (empty: it fits)."""
    width = page.evaluate("window.innerWidth")
    found: list[str] = page.evaluate(OVERFLOW_JS, width)
    return found


def assert_fits(page: Any, where: str, shots: Path | None = None) -> None:
    """Fails naming the overflowing elements (at most 8), with a screenshot to look at."""
    found = overflows(page)
    if found:
        width = page.evaluate("window.innerWidth")
        if shots is not None:
            slug = where.strip("/").replace("/", "-").replace(" ", "-") or "home"
            page.screenshot(path=str(shots / f"overflow-{slug}-{width}.png"), full_page=True)
        raise AssertionError(f"{where} at {width}px: {found[:8]}")
