"""What the compiled kernel covers of a ruleset, by name.

Two lists. `uncovered` names features the kernel cannot play at all: a ruleset with any of
them is played by the interpreter from start to end (`simulate` and `bench` say so in one
line). `delegated` names the moments the kernel hands to the interpreter for one action
and then takes back: in contract games every phase but the tricks and the card that ends
the play (the decisions of auctions, calls and exchanges in one run, `contract`: "its
decisions in one run"; the score phase and the deals after a scored deal on the kernel's
side where `contractend.ContractEnd` applies, which the notes say); some declaration
moments; claims. Delegation is exact by construction (the interpreter applies that
action), so it costs speed, never correctness.
"""

from __future__ import annotations

from dataclasses import dataclass

from tressette_dsl.compiled import known, seating
from tressette_dsl.rules.model import Ruleset, TricksPhase


@dataclass(frozen=True, slots=True)
class Coverage:
    ruleset: str
    uncovered: tuple[str, ...]  # features that send the whole ruleset to the interpreter
    delegated: tuple[str, ...]  # moments played by the interpreter, one action at a time

    @property
    def covers(self) -> bool:
        return not self.uncovered

    def note(self) -> str:
        """The one-line note printed when the interpreter is used instead."""
        return (
            f"note: ruleset {self.ruleset!r} runs on the interpreter: the compiled kernel "
            f"does not cover {', '.join(self.uncovered)}"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "covers": self.covers,
            "uncovered": list(self.uncovered),
            "delegated": list(self.delegated),
        }


def inline_turn(rules: Ruleset, spec: TricksPhase) -> bool:
    """Does the kernel's loop make turn declarations itself (at one's own turn in the
    window, and those drawn cards complete)? When they are the only extra choices
    besides claims: no any-time signals, whose order among the extras is another
    feature's; not mandatory ones, which the interpreter makes by itself."""
    d = rules.declaring
    drawn = spec.draw is not None and any(x.extends_to_drawn for x in rules.declarations)
    return (
        d is not None
        and (d.at == "own_turn" or drawn)
        and not d.mandatory
        and not any(s.at == "any_time" for s in rules.signals)
    )


def structural(rules: Ruleset) -> tuple[list[str], list[str]]:
    """Features found from the model's shape alone (the expression emitter adds its own)."""
    uncovered: list[str] = known.unknown(rules)
    delegated: list[str] = []
    tricks = [p for p in rules.flow if isinstance(p, TricksPhase)]
    if len(tricks) != 1:
        uncovered.append(f"{len(tricks)} tricks phases (the kernel plays exactly one)")
    if any(p.draw is not None and p.draw.source != "stock" for p in tricks):
        uncovered.append("drawing from a zone other than the stock")
    if rules.match.check == "immediately":
        uncovered.append("match.check: immediately")
    # a dummy decided for by its owner and shown after the first card, people moving
    # round the seats: the kernel's seating (`compiled.seating`); the deal's end is then
    # the interpreter's (`FastEnd.applies` names it delegated)
    uncovered.extend(seating.uncovered(rules))
    if rules.signals and rules.signaling.combine:
        uncovered.append("signaling.combine: true")
    # the language of issue 12 (the reverse game): residual scoring, rescoring big wins,
    # elimination (the seats leaving, the table numbered again, the next deal at the
    # smaller table's count) is the interpreter's at the end of a deal that sends seats
    # away (`FastEnd.end` leaves it); the residual scoring, the rescoring big wins and
    # the cards laid before the deal are `FastEnd`'s; each count of a seat table has its
    # own kernel (`seats`)
    d = rules.declaring
    from tressette_dsl.compiled.dealend import FastEnd  # noqa: PLC0415 - it imports the emitter

    why = FastEnd.applies(rules)
    ends = False  # is the deal's end `contractend.ContractEnd`'s (a contract game's)
    if why is not None:
        from tressette_dsl.compiled.contract import phase_notes  # noqa: PLC0415 - engine
        from tressette_dsl.compiled.contractend import ContractEnd  # noqa: PLC0415 - engine

        ends = ContractEnd.applies(rules) is None
        delegated.extend(phase_notes(rules, kernel_end=ends))
        if ends:
            delegated.append(
                "the card that ends the play: its trick by the tricks phase's own act; the "
                "contract's scoring and the next deal's cards on the kernel's side "
                "(compiled.contractend), the phases after the deal entered by the interpreter"
            )
        else:
            delegated.append(
                f"the card that ends the play: leftover, scoring, the next deal ({why})"
            )
    elif rules.match.eliminate is not None:  # `FastEnd.end` leaves such a deal's end
        delegated.append(
            "the card that ends a deal after which seats leave (match.eliminate): the seats "
            "leaving and the smaller table's next deal"
        )
    if d is not None:
        if d.at == "end_of_trick" and not d.mandatory:
            delegated.append("the last 'done' of a declaring round that ends the play")
        if d.at == "end_of_trick" and d.mandatory:
            delegated.append("mandatory declarations at the end of a trick")
        if d.at == "after_lead":
            delegated.append("the lead that opens a declaring round (declaring.at: after_lead)")
        if d.at == "announce_then_reveal":
            delegated.append("the trick that reveals announced declarations")
        if d.mandatory and any(p.draw is not None for p in tricks):
            delegated.append("mandatory declarations after a draw")
        inline = bool(tricks) and inline_turn(rules, tricks[0])
        if d.at == "own_turn" and not d.mandatory and not inline:
            delegated.append("every decision while own-turn declarations are open")
        drawn = [x.id for x in rules.declarations if x.extends_to_drawn]
        if drawn and not d.mandatory and not inline and any(p.draw is not None for p in tricks):
            delegated.append("every decision of a seat holding drawn cards (extends_to_drawn)")
    delegated.extend(seating.delegated(rules, deal_end=why is not None, contract_end=ends))
    if rules.claims is not None:
        delegated.append("claims (the kernel's policies never claim)")
        if rules.claims.out_of_turn:
            # an out-of-turn claim is an interruption by an agent that opts in
            # (`agents.base.interruption`); the random agent never does, so a random
            # playout is the same with or without them
            delegated.append("claims out of turn (random agents never interrupt)")
    return uncovered, delegated
