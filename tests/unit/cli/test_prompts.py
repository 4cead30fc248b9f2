"""``tressette play``: a human is always told what is being asked, and Enter makes the only
move when there is nothing to decide.

The task line comes from the current phase's kind and parameters (`render.task`), read from
the observation's `kind`, `activity`, `pending` and `progress`; human input is scripted by
replacing ``sys.stdin`` and calling ``main(argv)`` in-process, as in ``test_play.py``.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from tressette_dsl.cli import main, render
from tressette_dsl.engine import apply, is_over, legal_actions, new_game, observe, start
from tressette_dsl.loader import load_ruleset, playable_rulesets


def _run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str,
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


def _playable() -> list[str]:
    return [path.stem for path in playable_rulesets()]


def _tasks(rules_id: str, seeds: range, limit: int = 2500) -> dict[str, set[str]]:
    """Every (stage, task line) met at a decision of random games, by activity."""
    rules = load_ruleset(rules_id)
    seen: dict[str, set[str]] = {}
    for seed in seeds:
        rng = random.Random(seed)
        state, _ = start(rules, seed)
        for _ in range(limit):
            if is_over(state):
                break
            obs = observe(rules, state, state.to_act).to_dict()
            line = f"[{render.stage(rules, obs)}] {render.task(rules, obs)}"
            seen.setdefault(obs["activity"], set()).add(line)
            state, _ = apply(rules, state, rng.choice(legal_actions(rules, state)))
    return seen


# --- the task line, for every ruleset and every step ------------------------------------------


@pytest.mark.parametrize("ruleset", _playable())
def test_every_decision_says_what_is_asked(ruleset: str) -> None:
    seen = _tasks(ruleset, range(1, 4))
    assert seen
    for activity, lines in seen.items():
        assert activity, f"a seat was asked with no activity: {lines}"
        for line in lines:
            assert "Choose one of your moves" not in line, (activity, line)
            assert "[before play]" not in line and "trick -" not in line, (activity, line)


def test_calabresella_steps_are_explained() -> None:
    seen = _tasks("calabresella", range(1, 40))
    every = "\n".join(sorted(line for lines in seen.values() for line in lines))
    assert "[auction] Auction: bid or pass. Each player speaks once;" in every
    assert "A bid of solissimo ends the auction at once." in every
    assert re.search(r"\[auction\] Auction: bid higher than (chiamo|solo), or pass", every)
    assert (
        "[contract] Raise your contract solissimo (worth 4) to dividete (worth 8) or "
        "scegliete (worth 16), or 'keep' it as it is." in every
    )
    assert "[call] Call a card: whoever holds it hands it to you face up" in every
    assert re.search(
        r"\[exchange\] Give one card back to (South|East|West), who handed you the called "
        r"card \(face up",
        every,
    )
    assert "[exchange] Discard four cards face down to the monte (1 of 4)" in every
    assert "[exchange] Discard four cards face down to the monte (4 of 4)" in every
    assert "[exchange] Discard two cards face down to the monte (2 of 2)" in every  # dividete
    assert re.search(
        r"\[exchange\] Take cards from the shown monte, one at a time .*then 'done'; "
        r"(South|East|West) gets whatever is left\.",
        every,
    )
    assert "[trick 1] Trick 1: you lead - play a card." in every


def test_parametrised_bids_secret_partner_and_announcements_are_explained() -> None:
    briscola = "\n".join(
        line for lines in _tasks("briscola-chiamata", range(1, 3)).values() for line in lines
    )
    assert "Bidding goes round until all but one have passed; a pass is final." in briscola
    assert "'bid due_punti N' names N points, 62 to 120." in briscola
    assert "becomes your partner (secretly, until the card is played)" in briscola
    american = _tasks("tresette-american", range(1, 6))["announce"]
    assert any("Good play? You hold a combination: 'announce' it" in x for x in american)
    assert any(
        "Good play? You hold no combination to announce. Press Enter (or type 'done')" in x
        for x in american
    )
    assert all(x.startswith("[before trick 1]") for x in american)


# --- at the terminal --------------------------------------------------------------------------


def test_declaring_round_is_explained_and_enter_says_done(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 3: South plays to trick 1, then has nothing to declare at its end.
    code, out = _run(
        capsys, monkeypatch, ["play", "--players", "human,bot,bot,bot", "--seed", "3"], "1\n\n"
    )
    assert code == 1  # the input ended
    assert "--- South, your turn (deal 1, trick 1) ---\n" in out
    assert "Trick 1: play a card; you must follow ♦." in out
    assert "--- South, your turn (deal 1, after trick 1) ---" in out
    assert (
        "Declarations at the end of trick 1: you have nothing to declare. "
        "Press Enter (or type 'done') to go on.\nYour moves:\n 1) done\nSouth [Enter: done]> "
    ) in out
    # the empty line was taken as 'done': the game went on to trick 2
    assert "--- South, your turn (deal 1, trick 2) ---" in out
    assert "(deal 1, trick -)" not in out


def test_empty_line_does_nothing_when_there_is_a_choice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = _run(
        capsys, monkeypatch, ["play", "--players", "human,bot,bot,bot", "--seed", "3"], "\n\n"
    )
    assert code == 1
    assert "South plays" not in out
    assert out.count("South> ") == 3  # asked again after each empty line, then end of input
    assert "[Enter:" not in out


def test_calabresella_auction_call_give_back_and_discards_at_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 5: South bids chiamo, calls A♥ = AC (East holds it), gives one back, discards four.
    # (issue 10: C reads as coppe here but clubs in French cards, so the table asks which
    # card 'AC' means: the first '1' answers A♥.)
    code, out = _run(
        capsys,
        monkeypatch,
        ["play", "calabresella", "--players", "human,bot,bot", "--seed", "5"],
        "bid chiamo\ncall AC\n1\n1\n1\n1\n1\n1\n",
    )
    assert code == 1
    assert "--- South, your turn (deal 1, auction) ---" in out
    assert "Bids: West pass\n" in out
    assert (
        "Auction: bid or pass. Each player speaks once; the highest bid wins the contract." in out
    )
    assert "--- South, your turn (deal 1, call) ---" in out
    assert "Call a card: whoever holds it hands it to you face up" in out
    assert "--- South, your turn (deal 1, exchange) ---" in out
    assert "Give one card back to East, who handed you the called card (face up" in out
    for k in range(1, 5):
        assert (
            f"Discard four cards face down to the monte ({k} of 4); nobody else sees them." in out
        )
    assert "--- South, your turn (deal 1, trick 1) ---" in out
    assert "(deal 1, trick -)" not in out


def _misdeal_ruleset(tmp_path: Path, condition: str) -> str:
    path = tmp_path / "misdeal.yaml"
    path.write_text(
        "id: t-misdeal\nextends: tressette\n"
        f'phases:\n  deal: {{misdeal: {{condition: "{condition}"}}}}\n',
        encoding="utf-8",
    )
    return str(path)


def test_misdeal_round_is_explained_and_enter_keeps_when_nothing_to_decide(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    never = _misdeal_ruleset(tmp_path, "hand_units < 0")
    code, out = _run(
        capsys, monkeypatch, ["play", never, "--players", "human", "--seed", "1"], "\n"
    )
    assert code == 1
    assert "--- South, your turn (deal 1, misdeal round) ---" in out
    assert "your hand does not allow annulling this deal, so 'keep' it." in out
    assert "South [Enter: keep]> " in out
    assert "--- South, your turn (deal 1, trick 1) ---" in out  # Enter kept the deal

    only_south = _misdeal_ruleset(tmp_path, "seat == 0")
    code, out = _run(
        capsys, monkeypatch, ["play", only_south, "--players", "human", "--seed", "1"], "\n"
    )
    assert code == 1
    assert "Misdeal: your hand allows you to 'annul' this deal" in out
    assert "[Enter:" not in out  # a real choice: Enter does not decide it


# --- the observation's public cursor ----------------------------------------------------------


def test_observation_says_what_the_step_asks_without_leaking() -> None:
    rules = load_ruleset("calabresella")
    state = new_game(rules, 5)
    actor = state.to_act
    mine = observe(rules, state, actor)
    assert (mine.kind, mine.activity, mine.progress) == ("auction", "bid", None)
    assert mine.pending and mine.pending[0] == actor
    # play on to the declarer's discards: the actor's own view counts them, others' do not
    for text in ("pass", "bid chiamo", "pass", "call AC"):
        state, _ = apply(rules, state, _action(rules, state, text))
    assert observe(rules, state, state.to_act).activity == "give"
    assert observe(rules, state, state.to_act).progress == (0, 1)
    state, _ = apply(rules, state, legal_actions(rules, state)[0])
    declarer = state.to_act
    view = observe(rules, state, declarer)
    assert (view.kind, view.activity, view.progress) == ("discard", "discard", (0, 4))
    for other in range(rules.players.count):
        if other != declarer:
            seen = observe(rules, state, other)
            assert seen.activity == "discard" and seen.progress is None
    state, _ = apply(rules, state, legal_actions(rules, state)[0])
    assert observe(rules, state, declarer).progress == (1, 4)
    assert observe(rules, state, declarer).to_dict()["progress"] == [1, 4]


def _action(rules, state, text):  # type: ignore[no-untyped-def]
    for action in legal_actions(rules, state):
        if str(action) == text:
            return action
    raise AssertionError(f"{text!r} is not legal: {[str(a) for a in legal_actions(rules, state)]}")


def test_a_run_of_points_bids_is_listed_as_one_numbered_range() -> None:
    """Briscola chiamata's '2 with points' offers 59 bids: they read as one range, and their
    numbers still select them."""
    from tressette_dsl.cli.render import moves  # noqa: PLC0415
    from tressette_dsl.engine import legal_actions, start  # noqa: PLC0415
    from tressette_dsl.loader import load_ruleset  # noqa: PLC0415

    rules = load_ruleset("briscola-chiamata")
    state, _ = start(rules, 4)
    legal = [str(a) for a in legal_actions(rules, state)]
    first = legal.index("bid due_punti 62")
    last = legal.index("bid due_punti 120")
    shown = moves(rules, legal_actions(rules, state))
    assert f"{first + 1}-{last + 1}) bid due_punti 62..120" in shown
    assert "bid due_punti 70" not in shown
