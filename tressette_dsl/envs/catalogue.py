"""A fixed action space for a ruleset: every action text the engine could ever offer.

The engine's legal actions are texts (`str(action)`: ``play 3D busso``, ``bid solo``...),
so an RL policy needs a numbering that does not change between states. The catalogue lists,
in a fixed order and from the compiled rules alone:

1. the actions without an argument: pass, claim, announce, keep, done, annul;
2. per card of the deck (deck order): ``play C``, ``call C``, ``give C``, ``discard C``,
   ``take C``;
3. ``play C`` with each set of signals the rules could allow with a card (each signal with
   each of its values; with ``signaling.combine`` every combination of distinct signals, in
   the listed order, as the engine offers them);
4. ``signal ID [VALUE]`` for the any-time signals;
5. ``declare ID ARG`` for each declaration and each suit, rank and rank-missing-suit;
6. ``bid ID [POINTS]`` for each bid of each auction (every point value of a points bid);
7. ``choose OPTION`` for each option of each choose step.

Most entries are never legal in a given ruleset (a 40-card Tressette never calls a card);
the action mask says which are legal now. A legal action missing from the catalogue is a
bug of this module and raises `UnknownAction` with its text.

A ruleset whose matches eliminate seats is played by smaller tables as it goes on
(`engine.seating`): the catalogue lists the texts of each of them (`tables.reachable`), the
table it starts with first, so the action space keeps its size for the whole match.
"""

from __future__ import annotations

from itertools import combinations

from tressette_dsl.envs.tables import reachable
from tressette_dsl.rules.model import Ruleset

NO_ARGUMENT = ("pass", "claim", "announce", "keep", "done", "annul")
CARD_VERBS = ("play", "call", "give", "discard", "take")


class UnknownAction(LookupError):
    """The engine offered an action the catalogue does not list."""


def _signal_sets(rules: Ruleset) -> list[str]:
    singles = [
        (sig.id, value)
        for sig in rules.signals
        if sig.at != "any_time"
        for value in (sig.values or (None,))
    ]
    sizes = range(1, len(singles) + 1) if rules.signaling.combine else range(1, 2)
    out = []
    for size in sizes:
        for combo in combinations(singles, size):
            if len({sig for sig, _ in combo}) == size:
                out.append(" ".join(sig if v is None else f"{sig} {v}" for sig, v in combo))
    return out


def action_texts(rules: Ruleset) -> tuple[str, ...]:
    """Every action text, in the catalogue's order (duplicates dropped, first kept)."""
    deck = rules.deck
    cards = [deck.card_text[c] for c in deck.cards]
    texts: list[str] = list(NO_ARGUMENT)
    texts += [f"{verb} {card}" for card in cards for verb in CARD_VERBS]
    texts += [f"play {card} {said}" for said in _signal_sets(rules) for card in cards]
    for sig in rules.signals:
        if sig.at == "any_time":
            texts += [
                f"signal {sig.id}" if v is None else f"signal {sig.id} {v}"
                for v in (sig.values or (None,))
            ]
    args = list(deck.suits) + list(deck.ranks)
    args += [f"{rank}-{suit}" for rank in deck.ranks for suit in deck.suits]
    for decl in rules.declarations:
        texts += [f"declare {decl.id} {arg}" for arg in args]
    for phase in rules.flow:
        for bid in getattr(phase, "bids", ()):
            if bid.points is None:
                texts.append(f"bid {bid.id}")
            else:
                low, high = bid.points
                texts += [f"bid {bid.id} {p}" for p in range(low, high + 1)]
        texts += [f"choose {option}" for option in getattr(phase, "options", ())]
    return tuple(dict.fromkeys(texts))


class Catalogue:
    """Action index <-> action text, for one ruleset."""

    def __init__(self, rules: Ruleset) -> None:
        texts = [text for table in reachable(rules) for text in action_texts(table)]
        self.texts = tuple(dict.fromkeys(texts))
        self.index = {text: i for i, text in enumerate(self.texts)}

    def __len__(self) -> int:
        return len(self.texts)

    def index_of(self, text: str) -> int:
        try:
            return self.index[text]
        except KeyError:
            raise UnknownAction(f"action {text!r} is not in the fixed action space") from None
