"""Pluggable bots: specifications, a user's module:Class, entry points, the seat checks."""

from __future__ import annotations

import importlib.metadata
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tressette_dsl.agents import Worlds, choose, make_agent, registry
from tressette_dsl.agents.runner import play_match
from tressette_dsl.cli.play import PlayersSpecError, parse_players
from tressette_dsl.cli.simulate import seat_kinds
from tressette_dsl.engine import legal_actions, start
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset

USER_BOT = textwrap.dedent(
    '''
    class FirstBot:
        """Always the first legal action; remembers what it was given."""

        name = "first"

        def __init__(self, offset=0):
            self.offset = offset
            self.seen = []

        def act(self, rules, observation, legal, rng):
            self.seen.append(observation.seat)
            return legal[min(self.offset, len(legal) - 1)]


    class Peeker:
        """A search bot: what does `choose` give it?"""

        name = "peeker"
        needs_worlds = True

        def __init__(self):
            self.given = []

        def act(self, rules, observation, legal, rng, *, worlds=None, **rest):
            self.given.append((worlds, rest))
            worlds.sample(rng)
            return legal[0]
    '''
)


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "my_user_bots.py").write_text(USER_BOT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "my_user_bots"


def test_split_spec() -> None:
    assert registry.split_spec("search:iters=200") == ("search", {"iters": 200})
    assert registry.split_spec("Search:time=0.5") == ("search", {"time": 0.5})
    assert registry.split_spec("bot") == ("heuristic", {})
    assert registry.split_spec("pkg.mod:Cls:depth=3:mode=fast") == (
        "pkg.mod:Cls",
        {"depth": 3, "mode": "fast"},
    )
    with pytest.raises(ValueError, match="options are key=value"):
        registry.split_spec("search:iters=1:oops")


def test_module_class_spec_plays(user_module: str) -> None:
    agent = make_agent(f"{user_module}:FirstBot:offset=1")
    assert agent.name == "first" and agent.offset == 1  # type: ignore[attr-defined]
    rules = load_ruleset("tressette-in-due")
    _state, summary = play_match(rules, 4, [agent, make_agent("random")], max_deals=100)
    assert summary.over and summary.actions > 0
    assert set(agent.seen) == {0}  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="has no class"):
        make_agent(f"{user_module}:Nope")
    with pytest.raises(ValueError, match="cannot import"):
        make_agent("no_such_module_here:Bot")
    with pytest.raises(ValueError, match="does not take these options"):
        make_agent(f"{user_module}:FirstBot:depth=2")


def test_entry_point_bot(user_module: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.metadata.entry_points

    def fake(**params: Any) -> Any:
        if params.get("group") == registry.ENTRY_POINT_GROUP:
            return importlib.metadata.EntryPoints(
                [
                    importlib.metadata.EntryPoint(
                        name="firstbot",
                        value=f"{user_module}:FirstBot",
                        group=registry.ENTRY_POINT_GROUP,
                    )
                ]
            )
        return real(**params)

    monkeypatch.setattr(importlib.metadata, "entry_points", fake)
    assert make_agent("firstbot").name == "first"
    assert make_agent("firstbot:offset=2").offset == 2  # type: ignore[attr-defined]
    assert registry.is_named("firstbot") and not registry.is_named(f"{user_module}:FirstBot")
    names = ("South", "East", "North", "West")
    assert parse_players("firstbot,human,firstbot,human", names)[0] == "firstbot"
    assert seat_kinds("firstbot,random", 4) == ["firstbot", "random"] * 2
    from tressette_dsl.web.tables import seat_kinds as web_kinds  # noqa: PLC0415

    assert web_kinds(["human", "firstbot", "human", "random"], 4)[1] == "firstbot"


def test_command_line_specs(user_module: str) -> None:
    names = ("South", "East", "North", "West")
    kinds = parse_players(f"human,search:iters=3,{user_module}:FirstBot,random", names)
    assert kinds == ["human", "search:iters=3", f"{user_module}:FirstBot", "random"]
    assert parse_players("North=search:iters=5", names)[2] == "search:iters=5"
    with pytest.raises(PlayersSpecError, match="unknown agent kind"):
        parse_players("human,genius:x=1,bot,bot", names)
    assert seat_kinds("search:iters=2,heuristic", 4)[0] == "search:iters=2"
    with pytest.raises(ValueError, match="unknown agent kind 'genius'"):
        seat_kinds("genius", 4)


def test_browser_table_seats_never_import_a_module(user_module: str) -> None:
    from tressette_dsl.web.tables import TableError  # noqa: PLC0415
    from tressette_dsl.web.tables import seat_kinds as web_kinds  # noqa: PLC0415

    assert web_kinds(["human", "search:iters=100", "search", "bot"], 4)[1] == "search:iters=100"
    assert web_kinds(["human", "search:iters=300", "search:time=5", "bot"], 4)[2] == "search:time=5"
    bad_kinds = (f"{user_module}:FirstBot", "search:iters=301", "search:time=5.5")
    for bad in (*bad_kinds, "search:iters=100000000", "search:depth=3", "os:system"):
        with pytest.raises(TableError):
            web_kinds(["human", bad, "bot", "bot"], 4)


def test_search_agents_get_worlds_never_the_state(user_module: str) -> None:
    rules = load_ruleset("tressette")
    state, _events = start(rules, 2)
    agent = make_agent(f"{user_module}:Peeker")
    legal = legal_actions(rules, state)
    import random  # noqa: PLC0415

    choose(agent, rules, state, legal, random.Random(1))
    ((worlds, rest),) = agent.given  # type: ignore[attr-defined]
    assert rest == {}
    assert isinstance(worlds, Worlds) and worlds.seat == state.to_act
    assert not any(isinstance(getattr(worlds, a, None), GameState) for a in dir(worlds))
    world = worlds.sample(random.Random(5))
    me = state.to_act
    assert world.cards.hands[me] == state.cards.hands[me]


def test_the_heuristic_endgame_option_takes_true_or_false() -> None:
    assert registry.build("heuristic:endgame=false").needs_worlds is False  # type: ignore[attr-defined]
    assert registry.build("heuristic:endgame=true").needs_worlds is True  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="endgame must be true or false, not 'maybe'"):
        registry.build("heuristic:endgame=maybe")
