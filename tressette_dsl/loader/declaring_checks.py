"""Declaring settings that validate in shape but would not do what they say (TS474).

`declaring: {at: own_turn, mandatory: true}` would declare nothing: at one's own turn a
declaration is offered beside the cards, a decision, and a mandatory declaration is one the
engine makes without asking. No source asks for compulsory accusi at one's own turn (seed
000's compulsory ones are announced before the first trick; FITRES and CLUB, who declare at
one's turn, leave it optional), so the loader refuses the pair and says what to write.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.loader.checks_access import dict_at
from tressette_dsl.source import SourceMap

CODES: dict[str, str] = {
    "TS474": "declaring at one's own turn cannot be mandatory",
}


def check_declaring(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """TS474: `at: own_turn` with `mandatory: true`, located at `mandatory`."""
    declaring = dict_at(doc, "declaring")
    if declaring.get("at") != "own_turn" or declaring.get("mandatory") is not True:
        return
    if not dict_at(doc, "declarations"):
        return  # nothing to declare: the timing is moot
    yield smap.diagnostic(
        "TS474",
        "declaring: 'at: own_turn' with 'mandatory: true' would declare nothing: at one's own "
        "turn a declaration is a choice beside the cards, and a mandatory one is made by the "
        "engine without asking",
        ("declaring", "mandatory"),
        hint="for compulsory accusi write 'at: before_first_trick' (seed 000: announced in "
        "turn before play) or 'after_lead' / 'end_of_trick'; to declare at one's own turn "
        "keep 'mandatory: false' (FITRES, CLUB)",
    )
