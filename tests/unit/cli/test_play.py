"""``tressette play``: bot matches on every ruleset, humans at the terminal, logs, limits.

Human input is scripted by replacing ``sys.stdin``; ``main(argv)`` is called in-process.
"""

from __future__ import annotations

import builtins
import io
import json
import re
from pathlib import Path

import pytest

from tressette_dsl.cli import main
from tressette_dsl.cli.play import PlayersSpecError, parse_players
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.engine import new_game, observe
from tressette_dsl.loader import load_ruleset, playable_rulesets

NAMES4 = ("South", "East", "North", "West")


def _playable() -> list[str]:
    return [path.stem for path in playable_rulesets()]


def _run(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    stdin: str | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- bots only -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", _playable())
def test_bot_match_plays_to_the_end_on_every_bundled_ruleset(
    ruleset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        rules = load_ruleset(ruleset)
        new_game(rules, 1)
    except DiagnosticError as err:
        pytest.skip(f"{ruleset} does not load yet: {err}")
    except NotImplementedError as err:
        pytest.skip(f"the engine does not support {ruleset} yet: {err}")
    code, out, err = _run(capsys, ["play", ruleset, "--seed", "1", "--quiet"])
    assert code == 0, err
    assert re.search(r"(wins the match|share the win|no winner)", out), out
    assert "[seed 1]" in out


def test_default_ruleset_shows_deals_tricks_declarations_scores_and_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, ["play", "--seed", "1"])
    assert code == 0
    assert out.startswith("Tressette (4 players in partnership, to 21) - seed 1")
    assert "== Deal 1 - dealer" in out
    assert re.search(r"Trick  1: \w+ \S+[♥♦♠♣], ", out)
    assert "declares" in out
    assert re.search(r"Totals: NS \d+, EW \d+", out)
    assert re.search(r"(NS|EW) wins the match", out)


def test_signals_are_shown_with_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, ["play", "--seed", "1", "--players", "random,random,random,random"])
    assert code == 0
    assert re.search(r"\S+[♥♦♠♣] \((busso|striscio|volo)\)", out)


def test_random_seed_is_printed_so_the_match_can_be_replayed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, ["play", "--quiet"])
    assert code == 0
    seed = re.search(r"\[seed (\d+)\]", out)
    assert seed
    code, again, _ = _run(capsys, ["play", "--quiet", "--seed", seed.group(1)])
    assert again == out


def test_max_deals_stops_the_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    code, out, _ = _run(
        capsys, ["play", "calabresella", "--seed", "2", "--max-deals", "1", "--log", str(log)]
    )
    assert code == 3
    assert "--max-deals" in out
    last = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert last == {"type": "end", "complete": False, "reason": "max-deals"}


def test_unknown_ruleset_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, ["play", "tresete"])
    assert code == 2
    assert "TS114" in err


# --- seats ---------------------------------------------------------------------------------------


def test_parse_players_forms() -> None:
    assert parse_players(None, NAMES4) == ["heuristic"] * 4
    assert parse_players("human,bot,random,heuristic", NAMES4) == [
        "human",
        "heuristic",
        "random",
        "heuristic",
    ]
    assert parse_players("0=human", NAMES4) == ["human", "heuristic", "heuristic", "heuristic"]
    assert parse_players("north=random,3=human", NAMES4) == [
        "heuristic",
        "heuristic",
        "random",
        "human",
    ]
    assert parse_players("human", NAMES4)[0] == "human"


@pytest.mark.parametrize("spec", ["human,bot", "5=human", "0=robot", "human,0=bot"])
def test_parse_players_errors(spec: str) -> None:
    with pytest.raises(PlayersSpecError):
        parse_players(spec, NAMES4)


def test_bad_players_spec_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, ["play", "--players", "0=robot"])
    assert code == 2
    assert "did you mean 'random'" in err or "unknown player kind" in err


# --- a human at the terminal ------------------------------------------------------------------


def _other_hands(seed: int, viewer: int) -> list[tuple[str, ...]]:
    rules = load_ruleset("tressette")
    state = new_game(rules, seed)
    return [tuple(observe(rules, state, s).hand) for s in range(4) if s != viewer]


def test_human_plays_a_whole_match_by_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _run(
        capsys,
        ["play", "--seed", "4", "--players", "human"],
        stdin="1\n" * 3000,
        monkeypatch=monkeypatch,
    )
    assert code == 0
    assert "Your moves:" in out
    assert re.search(r"(NS|EW) wins the match", out)


def test_human_never_sees_another_seats_hidden_cards(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _run(
        capsys,
        ["play", "--seed", "4", "--players", "human"],
        stdin="1\n" * 3000,
        monkeypatch=monkeypatch,
    )
    assert code == 0
    for name in ("East", "North", "West"):
        assert not re.search(rf"^  {name}: ", out, re.M), f"{name}'s dealt hand was shown"
    assert "Your hand:" in out


def test_human_typing_text_typos_and_illegal_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 1)
    hand = observe(rules, state, 0).hand
    assert "3S" in hand and "AD" in hand  # South is dealt these with seed 1
    script = (
        "\n".join(
            [
                "",  # an empty line just asks again
                "help",
                "plya AD",  # a typo: did you mean
                "play 3S",  # well-formed but illegal: must follow suit (East led diamonds)
                "play 3X",  # not a card
                "99",  # not a move number
                "play a♦",  # a symbol and lower case: accepted
            ]
        )
        + "\n"
    )
    code, out, _ = _run(
        capsys, ["play", "--seed", "1", "--players", "human"], stdin=script, monkeypatch=monkeypatch
    )
    assert code == 1  # the input ended mid-game
    assert "Did you mean: 'play AD'" in out
    assert "Not allowed: must follow suit" in out
    assert "'3X' is not a card of this deck" in out
    assert "There is no move 99" in out
    assert "South plays A♦" in out
    assert "end of input: game abandoned." in out
    assert "Traceback" not in out


def test_bare_card_is_short_for_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _run(
        capsys, ["play", "--seed", "1", "--players", "human"], stdin="qd\n", monkeypatch=monkeypatch
    )
    assert code == 1
    assert "South plays Q♦" in out


def test_end_of_input_keeps_the_log_marked_incomplete(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "g.jsonl"
    code, out, _ = _run(
        capsys,
        ["play", "--seed", "1", "--players", "human", "--log", str(log)],
        stdin="1\n1\n",
        monkeypatch=monkeypatch,
    )
    assert code == 1
    assert "marked incomplete" in out
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header"
    assert lines[-1] == {"type": "end", "complete": False, "reason": "end of input"}
    assert any(x["type"] == "action" and x["seat"] == 0 for x in lines)


def test_ctrl_c_ends_cleanly_with_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    log = tmp_path / "g.jsonl"
    code, out, _ = _run(capsys, ["play", "--seed", "1", "--players", "human", "--log", str(log)])
    assert code == 130
    assert "Interrupted (Ctrl-C)" in out
    last = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert last["complete"] is False and "Ctrl-C" in last["reason"]


def test_quit_command(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _run(
        capsys,
        ["play", "--seed", "1", "--players", "human"],
        stdin="quit\n",
        monkeypatch=monkeypatch,
    )
    assert code == 1
    assert "South left the game" in out


def test_hot_seat_announces_each_turn(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # South and North are human; each turn asks for Enter before showing the hand.
    code, out, _ = _run(
        capsys,
        ["play", "--seed", "1", "--players", "0=human,2=human"],
        stdin="\n1\n" * 6,
        monkeypatch=monkeypatch,
    )
    assert code == 1
    assert "=== North (seat 2): your turn. Press Enter to see your hand. ===" in out
    assert "=== South (seat 0): your turn." in out
    # the shared screen never lists a dealt hand
    assert not re.search(r"^  (South|East|North|West): ", out, re.M)


def test_human_bids_calls_and_discards_in_calabresella(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Always the first move: the human speaks in the auction, calls, gives, discards...
    code, out, _ = _run(
        capsys,
        ["play", "calabresella", "--seed", "2", "--players", "human"],
        stdin="1\n" * 4000,
        monkeypatch=monkeypatch,
    )
    assert code == 0
    assert "Your moves:" in out
    assert re.search(r"\d+\) (pass|bid \w+)", out)
    assert "share the win" in out or "wins the match" in out


def test_hidden_cards_of_others_are_not_printed_for_the_human(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _run(
        capsys,
        ["play", "calabresella", "--seed", "4", "--players", "human"],
        stdin="1\n" * 4000,
        monkeypatch=monkeypatch,
    )
    assert code == 0
    assert not re.search(r"^  (East|West): ", out, re.M)
    assert "monte (4): face down" in out
    # discards of the other seats are face down
    others = re.findall(r"(East|West) discards (.*) to the monte", out)
    assert others, "some defender or declarer other than South discards in this match"
    assert all(what == "a card face down" for _who, what in others), others


def test_a_secret_partner_is_not_named_to_the_human(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Briscola chiamata: the call names its holder only to the holder himself (the
    renderer shows the events through the engine's `events_for`)."""
    rules = load_ruleset("briscola-chiamata")
    holders = []
    for seed in range(1, 15):
        code, out, _ = _run(
            capsys,
            ["play", "briscola-chiamata", "--seed", str(seed), "--players", "human"],
            stdin="1\n" * 4000,
            monkeypatch=monkeypatch,
        )
        assert code == 0
        assert "held by" not in out
        assert not re.search(r"^  (East|North-East|North-West|West): ", out, re.M)
        holders += re.findall(r"calls \S+ \((you hold it)\)", out)
        if holders:
            break
    assert holders, "the human never held a called card in 14 matches"
    assert rules.players.count == 5


def test_unicode_digits_and_capitals_are_typos_not_crashes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'²' passes str.isdigit() but int() refuses it: it once ended the whole game."""
    code, out, err = _run(
        capsys,
        ["play", "--seed", "3", "--players", "Human,bot,bot,bot"],
        stdin="²\n٣\n",
        monkeypatch=monkeypatch,
    )
    assert code == 1  # the input ended mid-game, not a failure of the game
    assert "South [NS] (human)" in out and "East [EW] (heuristic)" in out
    assert out.count("Not understood") == 2
    assert "the game failed" not in out + err


def test_unicode_digit_seat_in_players_spec_is_a_usage_error() -> None:
    with pytest.raises(PlayersSpecError):
        parse_players("²=human", ("South", "East", "North", "West"))
