"""Real headless Chromium browsers play at real tables: two people and two bots at
`tressette`, two people and a bot at `calabresella` (bid, call, give back, discard 4,
dividete), each match to its end, through the page's own controls.

Every decision is made on the page: the driver looks at what the page offers (cards that
can be clicked, buttons) and clicks one, as a person would; it never talks to the server.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, browser_missing, chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing())),
]

# One decision on the page, if it is this browser's turn: returns what it did.
# `want` orders the buttons it prefers (substrings of their labels).
STEP = r"""
const want = arguments[0];
const overlay = document.querySelector('#overlay');
if (!overlay.hidden) {
  const text = overlay.innerText;
  if (/won the match|You won/.test(text)) return 'over';
  const next = [...overlay.querySelectorAll('button')].find(b => /Next deal/.test(b.textContent));
  if (next) { next.click(); return 'deal-scored'; }
  const call = overlay.querySelector('.call-grid button');
  if (call) { call.click(); return 'call ' + call.dataset.call; }
  return 'overlay?';
}
const status = document.querySelector('#status');
if (!status.classList.contains('yours')) return 'wait';
const buttons = [...document.querySelectorAll('#controls button')].filter(b => !b.disabled);
const confirm = buttons.find(b => /^Confirm/.test(b.textContent));
const prompt = document.querySelector('#controls .prompt');
if (prompt && /chosen/.test(prompt.textContent)) {
  if (confirm) { confirm.click(); return confirm.textContent; }
  const free = document.querySelector('#hand .hand-card.playable:not(.chosen)');
  if (free) { free.click(); return 'choose ' + free.dataset.card; }
}
for (const w of want) {
  const b = buttons.find(b => b.textContent.includes(w));
  if (b) { b.click(); return b.textContent; }
}
const card = document.querySelector('#hand .hand-card.playable');
if (card) {
  card.click();
  const again = [...document.querySelectorAll('#controls button.primary')];
  if (again.length) { again[0].click(); return 'play+signal ' + card.dataset.card; }
  return 'play ' + card.dataset.card;
}
const other = buttons.find(b => !/Claim/.test(b.textContent));
if (other) { other.click(); return other.textContent; }
return 'stuck';
"""


def _open(server: Server, tmp: Path, ruleset: str, seats: list[str]) -> tuple[Any, Any, str]:
    """The first browser opens the table from the lobby; the second takes the other seat
    from the shared link."""
    first = chromium(tmp)
    first.get(server.base + "/")
    _wait(first, "return document.querySelectorAll('#seat-config select').length > 0")
    first.execute_script(
        "const s = document.querySelector('#ruleset'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change'));",
        ruleset,
    )
    _wait(first, f"return document.querySelectorAll('#seat-config select').length == {len(seats)}")
    for i, kind in enumerate(seats):
        first.execute_script(f"document.querySelector('#seat-{i}').value = arguments[0];", kind)
    first.find_element("id", "create").click()
    _wait(first, "return document.querySelector('#status').textContent.length > 0")
    link = first.find_element("css selector", "#share input").get_attribute("value")
    second = chromium(tmp)
    second.get(link)
    _wait(
        second,
        "return [...document.querySelectorAll('#overlay button')]"
        ".some(b => /Sit as/.test(b.textContent))",
    )
    second.find_element("xpath", "//button[starts-with(., 'Sit as')]").click()
    _wait(second, "return document.querySelectorAll('#hand .hand-card').length > 0")
    return first, second, link


def _wait(driver: Any, script: str, timeout: float = 15) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {script}")


Wants = Callable[[list[str]], list[str]]


def _play(browsers: list[Any], wants: list[Wants], limit: float = 45) -> list[list[str]]:
    """Each browser decides when it is its turn, until both show the match's result."""
    done: list[list[str]] = [[] for _ in browsers]
    deadline = time.monotonic() + limit
    over = [False] * len(browsers)
    while not all(over):
        assert time.monotonic() < deadline, f"not over in {limit}s; last: {[d[-3:] for d in done]}"
        idle = True
        for i, driver in enumerate(browsers):
            if over[i]:
                continue
            what = driver.execute_script(STEP, wants[i](done[i]))
            assert what != "stuck", done[i][-5:]
            if what == "over":
                over[i] = True
            elif what != "wait":
                done[i].append(what)
                idle = False
        if idle:
            time.sleep(0.03)
    return done


def test_two_browsers_and_two_bots_play_tressette_to_the_end(
    server: Server, tmp_path: Path
) -> None:
    first, second, link = _open(
        server, tmp_path, "tressette", ["human", "heuristic", "human", "random"]
    )
    try:
        # the second browser's reload rejoins its seat with the same hand
        hand = second.execute_script(
            "return [...document.querySelectorAll('#hand .hand-card')].map(c => c.dataset.card)"
        )
        second.get(link)
        _wait(second, "return document.querySelectorAll('#hand .hand-card').length > 0")
        again = second.execute_script(
            "return [...document.querySelectorAll('#hand .hand-card')].map(c => c.dataset.card)"
        )
        assert again == hand or len(again) <= len(hand)
        # an unplayable card says why and cannot be played
        done = _play([first, second], [lambda _d: ["Done"]] * 2, limit=60)
        assert sum(1 for d in done for w in d if w.startswith("play")) >= 10
        result = first.find_element("id", "overlay").text
        assert "won the match" in result or "You won" in result
        href = first.find_element("link text", "Download the log").get_attribute("href")
        assert href.endswith("/logs/1")
        # the next match starts for both
        first.find_element("xpath", "//button[.='Next match']").click()
        _wait(second, "return /Match 2/.test(document.querySelector('#bar-score').textContent)")
    finally:
        first.quit()
        second.quit()


def test_two_browsers_play_calabresella_through_every_kind_of_decision(
    server: Server, tmp_path: Path
) -> None:
    first, second, _link = _open(server, tmp_path, "calabresella", ["human", "human", "random"])
    try:

        def want_a(done: list[str]) -> list[str]:  # goes for dividete once, then passes
            return ["Pass"] if "dividete" in done else ["Bid solissimo", "dividete"]

        def want_b(done: list[str]) -> list[str]:  # calls a card, gives back, discards 4
            return ["Bid chiamo", "Call a card"]

        done = _play([first, second], [want_a, want_b], limit=90)
        actions = [w for d in done for w in d]
        joined = " | ".join(actions)
        for needed in ("Bid", "call ", "Confirm give", "Confirm discard", "dividete"):
            assert needed in joined, (needed, joined[-600:])
    finally:
        first.quit()
        second.quit()
