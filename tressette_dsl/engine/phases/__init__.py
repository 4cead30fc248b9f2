"""The phase kinds: one module per kind, dispatched through `PHASE_KINDS`.

Every kind offers the same four functions:

* `enter(step, spec) -> bool` - start the phase; True when it finished by itself;
* `legal(rules, spec, state) -> tuple[Action, ...]` - the choices of `state.to_act`;
* `check(rules, spec, state, action) -> Diagnostic | None` - why an action is refused;
* `act(step, spec, action) -> bool` - apply a checked action; True when the phase is done.
"""

from __future__ import annotations

from types import ModuleType

from tressette_dsl.engine.phases import (
    auction,
    call,
    choose,
    deal,
    discard,
    give,
    move,
    reveal,
    score,
    take,
    tricks,
)

PHASE_KINDS: dict[str, ModuleType] = {
    "deal": deal,
    "auction": auction,
    "choose": choose,
    "call": call,
    "reveal": reveal,
    "move": move,
    "give": give,
    "discard": discard,
    "take": take,
    "tricks": tricks,
    "score": score,
}
