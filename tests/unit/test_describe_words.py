"""describe as a rules page in plain words: an overview first, terms explained, no code of
the expression language, no false sentence, no source tag a reader cannot look up; HTML."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tressette_dsl.cli import main
from tressette_dsl.describe import describe
from tressette_dsl.loader import bundled_ids, load_ruleset
from tressette_dsl.prose.words import Vocabulary, in_words, pattern_in_words

PLAYABLE = sorted(i for i in bundled_ids() if i != "tressette-cards")
# what expression code looks like on a page: an operator, a call, a name with underscores
CODE = re.compile(r"==|!=|>=|<=|\w\(|\b[a-z]+_[a-z_]+\b|\bfloor\b|\bnext\(")


def _prose(page: str) -> str:
    """The page without its tables of ids and the ruleset id line (ids are names, not code)."""
    keep = []
    for line in page.splitlines():
        if line.startswith("Ruleset id:") or line.startswith("|"):
            continue
        keep.append(re.sub(r"\*\*[^*]+\*\*", "", line))
    return "\n".join(keep)


@pytest.mark.parametrize("ruleset_id", PLAYABLE)
def test_no_expression_code_shows_through(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    page = describe(rules)
    for expr in (p.when for p in rules.flow if getattr(p, "when", None) is not None):
        assert f"`{expr.text}`" not in page
    prose = _prose(page.split("## Sources and choices")[0])
    ids = {
        *rules.contracts,
        *(b.id for b in rules.scoring.big_wins),
        *(s.id for s in rules.signals),
    }
    for name in ids:
        prose = prose.replace(name, "")
    assert not CODE.search(prose), CODE.search(prose)
    assert "1/1 of a point" not in page
    assert "digest" not in page
    assert page.index("## In short") < page.index("## Players and sides")


def test_a_trump_game_never_says_other_suits_cannot_win() -> None:
    page = describe(load_ruleset("briscola-chiamata"))
    assert "a card of another suit never does" not in page
    assert "The highest trump wins the trick" in page
    assert "need not follow suit" in page and "following suit" not in page.split("## Terms")[0]


def test_calabresella_reads_as_a_player_would_say_it() -> None:
    page = describe(load_ruleset("calabresella"))
    assert "the next deal is dealt by the player after the dealer" in page
    assert "Partner" not in page and "partner receives" not in page  # no called partner here
    assert "| contract | value |\n" in page  # no empty columns
    assert "- **dividete**: " in page and "- **cappotto**: " in page  # terms explained
    assert "The last trick is worth 1 point extra (3 units)." in page
    tressette = describe(load_ruleset("tressette"))
    assert "Signals are allowed at any trick" in tressette
    assert "**cappottone**, when one player takes every trick" in tressette
    assert "| napoletana | the Asso, 2 and 3 of one suit |" in tressette


def test_words_for_expressions() -> None:
    v = Vocabulary.of(load_ruleset("tressette"))
    assert in_words("next(dealer)", v) == "the player after the dealer"
    assert in_words("contract in {'chiamo', 'solo'}", v) == "the contract is chiamo or solo"
    assert in_words("floor(units / 3)", v) == "the card points taken, rounded down to whole points"
    assert in_words("opp_cards_units < 3", v).endswith("less than 1 point (3 units)")
    assert in_words("x_y > 2", v) == "x y is more than 2"  # unknown names, still words
    assert pattern_in_words("4 of {3, 2, A} same rank", v) == "four cards of one rank: 3, 2 or Asso"


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.seen: set[str] = set()

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag not in ("meta", "br"):
            self.stack.append(tag)
        self.seen.add(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()


@pytest.mark.parametrize("ruleset_id", ["calabresella", "tressette", "house-nonna"])
def test_html_is_a_balanced_page(ruleset_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", ruleset_id, "--format", "html"]) == 0
    page = capsys.readouterr().out
    parser = _Tags()
    parser.feed(page)
    assert parser.stack == []
    assert {"h1", "h2", "ul", "li", "table", "td"} <= parser.seen
    assert page.startswith("<!DOCTYPE html>")
    assert main(["describe", ruleset_id, "--format", "markdown"]) == 0
    assert capsys.readouterr().out == describe(load_ruleset(ruleset_id))
