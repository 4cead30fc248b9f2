"""A real headless Chromium draws a `traversone` table at every seat count from 2 to 8: no
two seat boxes overlap (their bounding boxes, read from the DOM) and each lies on the felt.
Seven and eight seats used to be drawn on top of each other at the top of the felt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, browser_missing, chromium, start_server, stop_server
from tests.web.test_browser import _wait

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing())),
]

BOXES = r"""
const box = (e) => { const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
return {
  felt: box(document.querySelector('#felt')),
  seats: [...document.querySelectorAll('#seats .seat')].map(box),
};
"""


@pytest.fixture(scope="module")
def layout_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = start_server(tmp_path_factory.mktemp("layout"))
    yield srv
    stop_server(srv)


def _table(driver: Any, base: str, count: int) -> None:
    """From the lobby: traversone at `count` seats, a person in seat 0, bots elsewhere."""
    driver.get(f"{base}/?seed=3")
    _wait(driver, "return document.querySelectorAll('#seat-config select').length > 0")
    driver.execute_script(
        "const s = document.querySelector('#ruleset'); s.value = 'traversone';"
        "s.dispatchEvent(new Event('change'));"
    )
    _wait(driver, "return document.querySelector('#seat-count') !== null")
    driver.execute_script(
        "const c = document.querySelector('#seat-count'); c.value = arguments[0];"
        "c.dispatchEvent(new Event('change'));",
        str(count),
    )
    _wait(driver, f"return document.querySelectorAll('#seat-rows select').length == {count}")
    for i in range(count):
        kind = "human" if i == 0 else "heuristic"
        driver.execute_script(f"document.querySelector('#seat-{i}').value = arguments[0];", kind)
    driver.find_element("id", "create").click()
    _wait(driver, f"return document.querySelectorAll('#seats .seat').length == {count}")


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


@pytest.mark.parametrize(("width", "height"), [(1280, 860), (1024, 768)])
def test_seat_boxes_never_overlap_at_any_count(
    layout_server: Server, tmp_path: Path, width: int, height: int
) -> None:
    driver = chromium(tmp_path, width, height)
    try:
        for count in range(2, 9):
            _table(driver, layout_server.base, count)
            got = driver.execute_script(BOXES)
            seats, felt = got["seats"], got["felt"]
            assert len(seats) == count
            for i, a in enumerate(seats):
                assert felt["left"] <= a["left"] and a["right"] <= felt["right"], (count, i)
                assert felt["top"] <= a["top"] and a["bottom"] <= felt["bottom"], (count, i)
                for j in range(i + 1, count):
                    assert not _overlap(a, seats[j]), (count, i, j, a, seats[j])
            if count == 8 and width == 1280:
                driver.save_screenshot(str(tmp_path / "eight.png"))
    finally:
        driver.quit()
