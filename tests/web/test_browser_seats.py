"""A real headless Chromium plays the reverse game at a table whose size it chose: one
person and three heuristic bots at `traversone` with a short target (6, so that the table
shrinks within a few deals), chosen in the lobby's seat-count control, to the end of the
match; the page follows the table as it shrinks, and the result names every seat.

The page makes every decision (the same `STEP` as the other browser tests); the driver
only reads what the page shows. The seed is fixed, so every run meets the same deals.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, browser_missing, chromium, start_server, stop_server
from tests.web.test_browser import STEP, _wait

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing())),
]

SHORT = "id: traversone-short\nextends: traversone\nmatch:\n  target: 6\n"
SEED = 7
# what the page shows each turn: how many seats sit at the felt, whether this browser's
# person has left the table, and the standings it shows then
LOOK = r"""
return {
  seats: document.querySelectorAll('#seats .seat').length,
  left: Boolean(document.querySelector('#hand .eliminated')),
  standings: [...document.querySelectorAll('#hand table.standings td:first-child')]
    .map(t => t.textContent),
};
"""


@pytest.fixture(scope="module")
def short_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("reverse-web")
    path = tmp / "traversone-short.yaml"
    path.write_text(SHORT, encoding="utf-8")
    srv = start_server(tmp, str(path))
    yield srv
    stop_server(srv)


def _create(driver: Any, base: str) -> None:
    """From the lobby: the short ruleset, 4 players (its default, offered among 2 to 8),
    the person in seat 1 and heuristic bots elsewhere."""
    driver.get(f"{base}/?seed={SEED}")
    _wait(driver, "return document.querySelectorAll('#seat-config select').length > 0")
    driver.execute_script(
        "const s = document.querySelector('#ruleset'); s.value = 'traversone-short';"
        "s.dispatchEvent(new Event('change'));"
    )
    _wait(driver, "return document.querySelector('#seat-count') !== null")
    offered = driver.execute_script(
        "return [...document.querySelectorAll('#seat-count option')].map(o => o.textContent);"
    )
    assert offered == ["2", "3", "4 (default)", "5", "6", "7", "8"]
    driver.execute_script(
        "const c = document.querySelector('#seat-count'); c.value = '4';"
        "c.dispatchEvent(new Event('change'));"
    )
    _wait(driver, "return document.querySelectorAll('#seat-rows select').length == 4")
    for i, kind in enumerate(["heuristic", "human", "heuristic", "heuristic"]):
        driver.execute_script(f"document.querySelector('#seat-{i}').value = arguments[0];", kind)
    driver.find_element("id", "create").click()
    _wait(driver, "return document.querySelectorAll('#seats .seat').length == 4")


def test_a_person_plays_a_shrinking_traversone_table_to_the_end(
    short_server: Server, tmp_path: Path
) -> None:
    driver = chromium(tmp_path)
    try:
        _create(driver, short_server.base)
        assert driver.execute_script("return S.first") == 1
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, seen[-3:]
            what = driver.execute_script(STEP, [])
            assert what != "stuck"
            seen.append(driver.execute_script(LOOK))
            if what == "over":
                break
            if what == "wait":
                time.sleep(0.03)
        assert min(s["seats"] for s in seen) < 4, "the table never shrank"
        result = driver.find_element("id", "overlay").text
        assert "won the match" in result or "You won" in result
        for name in ("Seat 0", "Seat 1", "Seat 2", "Seat 3"):
            assert name in result
        # seed 7: the person (who plays his first playable card) leaves before the end and
        # watches the rest, with every seat's standing
        left = [s for s in seen if s["left"]]
        assert left, "the person was never eliminated"
        assert left[-1]["standings"] == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    finally:
        driver.quit()
