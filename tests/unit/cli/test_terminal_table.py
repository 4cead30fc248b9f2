"""``tressette play`` tried as a new player would (issue 10, item 5).

The tests that need a real terminal (colour, its width, typing at a prompt) run the command
in a pseudo-terminal with Python's `pty` support; the others pipe stdin into ``main(argv)``
in-process, as ``test_play.py`` does. Each test names the defect it covers.
"""

from __future__ import annotations

import codecs
import contextlib
import fcntl
import io
import os
import re
import select
import shlex
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tressette_dsl.cli import colour, main, menu, render, suit_input
from tressette_dsl.engine import legal_actions, new_game, observe
from tressette_dsl.loader import load_ruleset

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

ROOT = Path(__file__).resolve().parents[3]
ANSI = re.compile(r"\033\[[0-9;]*m")

# Seed 1 of tressette: East leads trick 1 holding K♥ J♥ 7♥ | J♦ 7♦ 6♦ 5♦ | 5♠ | K♣ 4♣,
# so 'KC' reads two ways (K♥ coppe, K♣ French clubs) and both are playable.
EAST_LEADS = ["play", "--seed", "1", "--players", "1=human"]


class Terminal:
    """`tressette ARGS` in a pseudo-terminal of the given width: what it prints, and lines
    typed at its prompts."""

    def __init__(
        self, argv: list[str], *, columns: int = 80, env: dict[str, str] | None = None
    ) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
        environ.update({"TERM": "xterm-256color", "PYTHONIOENCODING": "utf-8"})
        environ.update(env or {})
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tressette_dsl", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environ,
            cwd=ROOT,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.output = ""
        self.seen = 0  # `expect` looks after what it matched last

    def _pump(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the program ended and closed its side
            return False
        if not data:
            return False
        self.output += self.decoder.decode(data)
        return True

    @property
    def plain(self) -> str:
        return ANSI.sub("", self.output)

    def expect(self, text: str, timeout: float = 30) -> str:
        """Wait for `text` (in the output without colour codes); returns what was printed
        since the last match, up to it, without colour codes."""
        deadline = time.monotonic() + timeout
        while text not in self.plain[self.seen :]:
            if time.monotonic() > deadline or not self._pump(0.2):
                if text in self.plain[self.seen :]:
                    break
                raise AssertionError(f"{text!r} not printed; got:\n{self.plain[self.seen :]}")
        plain = self.plain
        end = plain.index(text, self.seen) + len(text)
        chunk, self.seen = plain[self.seen : end], end
        return chunk

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode("utf-8"))

    def finish(self, timeout: float = 60) -> int:
        deadline = time.monotonic() + timeout
        while self._pump(0.2) and time.monotonic() < deadline:
            pass
        code = self.proc.wait(timeout=10)
        os.close(self.master)
        return code

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        with contextlib.suppress(OSError):
            os.close(self.master)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for term in opened:
        term.close()


def _open(
    terminals: list[Terminal],
    argv: list[str],
    *,
    columns: int = 80,
    env: dict[str, str] | None = None,
) -> Terminal:
    term = Terminal(argv, columns=columns, env=env)
    terminals.append(term)
    return term


def _piped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


# --- claim -----------------------------------------------------------------------------------


def test_claim_is_never_numbered_and_asks_for_confirmation(terminals: list[Terminal]) -> None:
    term = _open(terminals, EAST_LEADS)
    moves = term.expect("East> ")
    assert not re.search(r"\d+\) claim", moves), moves
    assert "'claim' the match: type the word; it asks to confirm" in moves
    term.type("claim")
    term.expect("Claim now? Type 'yes' to claim, anything else to go on> ")
    term.type("no")
    term.expect("No claim: the game goes on.")
    term.type("claim")
    term.expect("Claim now?")
    term.type("yes")
    end = term.expect("replay with:")
    assert "East claims the match for EW: 0 of 21 - wrong" in ANSI.sub("", end)
    assert term.finish() == 0


def test_a_number_never_claims(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # every number of the menu, one after another: none of them is the claim
    code, out = _piped(capsys, monkeypatch, EAST_LEADS, "".join(f"{n}\n\n" for n in range(1, 12)))
    assert code == 1
    assert "claims the match" not in out


# --- suits: the letters shown, French letters, letters that read two ways --------------------


def test_a_letter_that_reads_two_ways_is_asked_about_and_then_remembered(
    terminals: list[Terminal],
) -> None:
    term = _open(terminals, EAST_LEADS)
    shown = term.expect("East> ")
    assert "(type suits as C=♥ D=♦ S=♠ B=♣)" in shown  # the letter beside the symbol
    term.type("KC")
    asked = term.expect("Which one? [number; Enter: none of them]> ")
    assert "C is ♥ in this ruleset, but ♣ in French cards" in asked
    assert "1) play K♥" in asked and "2) play K♣" in asked
    term.type("2")  # the player meant clubs
    term.expect("(From now on C means ♣ for you.)")
    term.expect("Signal [Enter: no signal]> ")
    term.type("")
    played = term.expect("East, your turn")
    assert "East plays K♣" in played and "East plays K♥" not in played
    term.type("quit")
    assert term.finish() == 1


def test_french_h_and_the_symbols_are_accepted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = _piped(capsys, monkeypatch, EAST_LEADS, "JH\n\n")
    assert code == 1
    assert "East plays J♥" in out
    code, out = _piped(capsys, monkeypatch, EAST_LEADS, "k♣\n\n")
    assert "East plays K♣" in out
    assert "which card do you mean" not in out  # a symbol is never ambiguous


def test_cancelling_the_question_plays_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = _piped(capsys, monkeypatch, EAST_LEADS, "play KC\n\n")
    assert code == 1
    assert "Nothing played: type your move again." in out
    assert "East plays" not in out


def test_readings_of_typed_cards() -> None:
    rules = load_ruleset("tressette")
    assert suit_input.readings(rules, "play 7c") == ["play 7C", "play 7B"]
    assert suit_input.readings(rules, "7H") == ["7C"]  # French hearts = coppe
    assert suit_input.readings(rules, "7♣️") == ["7B"]
    assert suit_input.readings(rules, "7D") == ["7D"]  # D is denari = diamonds: one reading
    assert suit_input.readings(rules, "7C", {"C": "C"}) == ["7C"]
    assert suit_input.french_clashes(rules) == [("C", "C", "B")]


def test_refusals_name_suits_as_shown_and_no_install_path(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # seed 1: South must follow diamonds
    code, out = _piped(
        capsys, monkeypatch, ["play", "--seed", "1", "--players", "human"], "play 3S\nplay 9X\n"
    )
    assert code == 1
    refusals = [line for line in out.splitlines() if line.startswith("South> ")]
    assert "Not allowed: must follow suit: you hold ♦." in refusals[0]
    assert "suits ♥ ♦ ♠ ♣" in refusals[1]
    assert not any(".yaml" in line or "/" in line for line in refusals), refusals


# --- a lead: the card, then the signal ----------------------------------------------------------


def test_a_lead_offers_each_card_once_then_the_signal(terminals: list[Terminal]) -> None:
    term = _open(terminals, EAST_LEADS)
    moves = term.expect("East> ")
    numbered = re.findall(r"(\d+)\) (play \S+)", moves)
    assert len(numbered) == 10  # one per card in the hand, not 29
    assert "busso" not in moves.split("Your moves:")[1]
    term.type("1")
    asked = term.expect("Signal [Enter: no signal]> ")
    assert "A signal with K♥?" in asked
    assert "1) no signal" in asked and "busso" in asked and "striscio" in asked
    term.type("busso")
    played = term.expect("East, your turn")
    assert "East plays K♥" in played and "East signals: busso" in played
    term.type("quit")
    assert term.finish() == 1


def test_the_signal_menu_for_every_lead_of_a_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole match by numbers at the lead seat: the second question each time, never a
    menu longer than the hand."""
    # tressette without claims, so that no bot ends the match in its first deal
    argv = ["play", "tressette-accusi-first", "--seed", "1", "--players", "1=human"]
    code, out = _piped(capsys, monkeypatch, argv, "1\n\n" * 1500)
    assert code == 0
    for block in out.split("Your moves:")[1:]:
        items = re.findall(r"\d+\) ", block.split("East")[0])
        assert len(items) <= 10
    leads = out.count("you lead - play a card")
    assert leads >= 1
    assert out.count("A signal with") == leads  # signals are allowed at every trick here


# --- the moves, the trick, the score -------------------------------------------------------------


def test_moves_follow_the_hand_order_and_the_menu_skips_signal_variants() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 1)
    offered = menu.build(rules, legal_actions(rules, state))
    hand = render.sort_cards(rules, observe(rules, state, 1).hand)
    assert [str(a) for a in offered.items] == [f"play {c}" for c in hand]
    assert offered.claim is not None and str(offered.claim) == "claim"
    king = offered.items[0]
    assert [str(v) for v in offered.signal_variants(king)] == [
        "play KC",
        "play KC busso",
        "play KC striscio",
    ]


def test_moves_wrap_to_the_terminal_width(terminals: list[Terminal]) -> None:
    term = _open(
        terminals, ["play", "calabresella", "--seed", "5", "--players", "human"], columns=50
    )
    term.expect("South> ")
    term.type("bid chiamo")
    shown = term.expect("South> ")  # the call: 40 cards
    listed = shown.split("Your moves:")[1].splitlines()[1:-1]
    assert len(listed) > 8
    assert all(len(line) <= 50 for line in listed), listed
    term.type("quit")
    assert term.finish() == 1


def test_the_winning_card_is_marked_and_the_score_labelled(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = _piped(
        capsys, monkeypatch, ["play", "--seed", "1", "--players", "human"], "1\n1\n\n"
    )
    assert code == 1
    # East 5♦, North 2♦, West 4♦: the 2 is the strongest card played
    assert "On the table: East 5♦, North 2♦*, West 4♦   (* wins the trick so far)" in out
    assert "Match score: NS 0, EW 0; game to 21" in out
    assert re.search(
        r"Running score \(match totals with this deal's points so far\): NS \d+, EW \d+; "
        r"before this deal: NS 0, EW 0",
        out,
    )


def test_history_shows_the_tricks_of_the_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = _piped(
        capsys, monkeypatch, ["play", "--seed", "1", "--players", "human"], "1\nhistory\n"
    )
    assert code == 1
    shown = out.split("South> ")[-2]  # what 'history' printed, before the prompt came back
    assert "== Deal 1 - dealer South ==" in shown
    assert "Trick  1: East 5♦, North 2♦, West 4♦, South 3♦ -> South (⅔)" in shown


def test_colour_on_a_terminal_and_none_with_no_color(terminals: list[Terminal]) -> None:
    term = _open(terminals, EAST_LEADS)
    term.expect("East> ")
    assert f"{colour.RED}K♥{colour.RESET}" in term.output
    term.type("quit")
    term.finish()
    plain = _open(terminals, EAST_LEADS, env={"NO_COLOR": "1"})
    plain.expect("East> ")
    assert "\033[" not in plain.output and "K♥" in plain.output
    plain.type("quit")
    assert plain.finish() == 1


def test_colour_is_never_written_to_a_pipe() -> None:
    assert not colour.enabled(io.StringIO(), {})
    painter = colour.Painter("♥♦", "♠♣", on=True)
    assert painter.line("play 7♥") == f"play {colour.RED}7♥{colour.RESET}"


def test_help_explains_the_signals_and_contracts_in_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out = _piped(capsys, monkeypatch, EAST_LEADS, "help\n")
    rules = load_ruleset("tressette")
    for sig in rules.signals:
        assert f"  {sig.id}: {sig.means}" in out
    assert "'claim' ends the match at once" in out
    assert "C=♥ coppe, D=♦ denari, S=♠ spade, B=♣ bastoni" in out
    _, out = _piped(
        capsys, monkeypatch, ["play", "calabresella", "--seed", "5", "--players", "human"], "help\n"
    )
    calabresella = load_ruleset("calabresella")
    assert "Contracts of this ruleset" in out
    for contract in calabresella.contracts.values():
        assert f"  {contract.id}: worth {contract.value}" in out
    assert "Signals of this ruleset" not in out  # it has none


# --- discards in one line ----------------------------------------------------------------------


CALABRESELLA_TO_DISCARDS = "bid chiamo\ncall A♥\n1\n"  # seed 5: chiamo, A♥ called, 3♥ given back


def test_discards_chosen_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "calabresella", "--seed", "5", "--players", "human,bot,bot"]
    code, out = _piped(
        capsys, monkeypatch, argv, CALABRESELLA_TO_DISCARDS + "discard 3S 2S 7S 6B\nhistory\n"
    )
    assert code == 1
    for card in ("3♠", "2♠", "7♠", "6♣"):
        assert f"South discards {card} to the monte" in out
    assert out.count("Discard four cards face down") == 1  # asked once, not four times
    assert "--- South, your turn (deal 1, trick 1) ---" in out
    # 'history' tells the deal so far, down to the trick on the table
    assert "  This trick so far: West 3♣\nSouth> " in out


def test_a_one_line_discard_with_a_card_not_held_discards_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "calabresella", "--seed", "5", "--players", "human,bot,bot"]
    code, out = _piped(
        capsys, monkeypatch, argv, CALABRESELLA_TO_DISCARDS + "discard 3S 4S 7S 6B\n"
    )
    assert code == 1
    assert "Not allowed: 'discard 4♠'" in out
    assert "South discards" not in out
    code, out = _piped(
        capsys, monkeypatch, argv, CALABRESELLA_TO_DISCARDS + "discard 3S 2S 7S 6B AB\n"
    )
    assert "only 4 of these cards now" in out
    assert "South discards" not in out


# --- the replay hint ------------------------------------------------------------------------------


def test_the_replay_hint_names_a_command_that_works(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "my house rules.yaml"
    house.write_text("id: t-house-rules\nextends: tressette\nmatch: {target: 11}\n", "utf-8")
    assert main(["play", str(house), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    hint = re.search(r"replay with: (.*) --seed 3\)", out)
    assert hint, out[-300:]
    argv = shlex.split(hint.group(1))
    assert argv[:2] == ["tressette", "play"] and argv[2] == str(house)
    assert main([*argv[1:], "--seed", "3"]) == 0
    assert capsys.readouterr().out == out  # the same match again


def test_at_a_hot_seat_each_player_answers_for_their_own_letters(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # East leads K♣ (it said C means clubs); West, who must follow clubs, is asked again
    argv = ["play", "--seed", "1", "--players", "1=human,3=human"]
    code, out = _piped(capsys, monkeypatch, argv, "\nKC\n2\n\n\nQC\n1\n")
    assert code == 1
    assert "East plays K♣" in out
    assert out.count("which card do you mean?") == 2
    assert "West plays Q♣" in out


def test_a_line_of_many_two_way_letters_is_refused_before_it_is_expanded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 40 words that each read two ways would be 2**40 readings
    code, out = _piped(capsys, monkeypatch, EAST_LEADS, "discard " + "KC " * 40 + "\n")
    assert code == 1
    assert "Too many cards in one line" in out
