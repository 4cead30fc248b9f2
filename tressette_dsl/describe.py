"""A ruleset as readable Markdown, generated from the compiled model (``rules.model``).

Everything a table needs to play comes from the ``Ruleset``: seats and sides, the deck with
its rank order and card values (thirds shown as fractions), the flow of phases, the auction,
declarations, signals, claims, scoring, payoffs and the end of the match; the description,
the sources and the recorded choices from ``Ruleset.meta``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases.words import said
from tressette_dsl.loader.inherit_meta import choice_text
from tressette_dsl.prose.glossary import terms_of
from tressette_dsl.prose.words import Vocabulary, in_words, pattern_in_words
from tressette_dsl.rules.options import DeclareAt, SignalAt

# A rules page is read by one reader at a time; the vocabulary of the ruleset being
# described is set by `describe` for the phrases below (`_say`).
_VOCAB: list[Vocabulary] = [Vocabulary()]


def _say(expr: Any) -> str:
    """An expression of the model in words (docs: prose/words.py)."""
    text = getattr(expr, "text", expr)
    return in_words(str(text), _VOCAB[-1])


FRACTIONS = {(1, 3): "⅓", (2, 3): "⅔", (1, 2): "½", (1, 4): "¼", (3, 4): "¾"}
DECLARE_AT: dict[DeclareAt, str] = {
    "before_first_trick": "before the first trick, each player in turn from the first leader",
    "own_turn": "at the player's own turn, before playing",
    "after_lead": "in a round after the leader's first card",
    "end_of_trick": "in a round at the end of the trick, from its winner (valid even if a card "
    "of the combination was played to it)",
    "announce_then_reveal": "announced ('Good play') in a round before the first trick, "
    "revealed when the announcer first wins a trick",
}
SIGNAL_AT: dict[SignalAt, str] = {
    "lead": "by the leader, with the card led",
    "follow": "by a follower, with the card played",
    "any_time": "at one's own turn, without using it up",
}


def points(amount: int, unit: int) -> str:
    """Card units as points: with thirds, 1 -> ``⅓``, 5 -> ``1⅔``, 3 -> ``1``.

    >>> points(5, 3), points(1, 3), points(3, 3), points(0, 3)
    ('1⅔', '⅓', '1', '0')
    """
    value = Fraction(amount, unit or 1)
    whole, rest = divmod(value.numerator, value.denominator)
    if not rest:
        return str(whole)
    frac = FRACTIONS.get((rest, value.denominator), f"{rest}/{value.denominator}")
    return frac if whole == 0 else f"{whole}{frac}"


def describe(rules: Any, meta: dict[str, Any] | None = None) -> str:
    """The whole description. `meta` (a document's ``meta`` mapping) overrides the model's
    ``rules.meta``; without either, no description and no sources."""
    if meta is None:
        model_meta = getattr(rules, "meta", None)
        meta = model_meta.to_dict() if model_meta is not None else {}
    meta = meta or {}
    _VOCAB.append(Vocabulary.of(rules))
    try:
        return _page(rules, meta)
    finally:
        _VOCAB.pop()


def _page(rules: Any, meta: dict[str, Any]) -> str:
    parts = [f"# {rules.title}", ""]
    if meta.get("description"):
        parts += [str(meta["description"]), ""]
    parts += _overview(rules)
    parts += ["", f"Ruleset id: `{rules.id}` (for `tressette play {rules.id}`)."]
    glossary = _glossary(rules)
    if glossary:
        parts += ["", *glossary]
    for section in (
        _players,
        _deck,
        _deal_and_flow,
        _contracts,
        _declarations,
        _signals,
        _claims,
        _scoring,
        _payoff,
        _match,
    ):
        lines = section(rules)
        if lines:
            parts += ["", *lines]
    parts += ["", *_sources(meta)]
    return "\n".join(parts).rstrip() + "\n"


def _overview(rules: Any) -> list[str]:
    """Three or four sentences: who plays, with what, how a deal goes, how the match ends."""
    p, s, d = rules.players, rules.sides, rules.deck
    table = rules.seat_table
    many = f"{table.low} to {table.high} players" if table else f"{p.count} players"
    if p.people is not None:
        who = f"{len(p.people.names)} people at {p.count} seats"
        if p.dummy is not None:
            who += ", one of them a dummy"
    elif s.mode == "teams":
        who = f"{p.count} players in {len(s.names)} fixed partnerships"
    elif s.mode == "individual":
        who = f"{many}, each for himself"
    else:
        who = f"{p.count} players; each deal one of them (the declarer) plays against the others"
    kinds = [ph.kind for ph in rules.flow]
    steps = []
    if "auction" in kinds:
        steps.append("an auction decides the contract and the declarer")
    if "call" in kinds:
        steps.append("the declarer may call a card")
    if any(k in kinds for k in ("move", "give", "discard", "take")):
        steps.append("cards change hands with the monte")
    tricks = [ph for ph in rules.flow if ph.kind == "tricks"]
    follow = tricks[0].follow_suit.text if tricks else "true"
    steps.append(
        "tricks are played, following suit"
        if follow == "true"
        else "tricks are played without having to follow suit"
        if follow == "false"
        else f"tricks are played, following suit {_say(tricks[0].follow_suit)}"
    )
    trump = any(getattr(ph, "trump", None) is not None for ph in tricks)
    steps[-1] += " (with a trump suit)" if trump else " (no trumps)"
    steps.append("card points are counted")
    end = (
        f"first to {rules.match.target} points wins the match"
        if rules.match.target is not None
        else f"the match ends when {_say(rules.match.end)}"
    )
    if rules.match.winner == "lowest":
        end = (
            f"points are penalties: a player whose total reaches the limit "
            f"({_say(rules.match.eliminate)}) leaves the table, and the last one left wins"
            if rules.match.eliminate is not None
            else f"points are penalties: the match ends when {_say(rules.match.end)}, and "
            "the lowest total wins"
        )
    d_size = f"{d.size} cards" if not table else f"{d.size} cards (fewer with some counts)"
    return [
        "## In short",
        "",
        f"{who.capitalize()}, with {d_size}. Each deal: {'; '.join(steps)}. "
        f"Then the deal is scored; {end}.",
    ]


def _glossary(rules: Any) -> list[str]:
    words = set(rules.contracts)
    words |= {b.id for b in rules.scoring.big_wins}
    words |= {sg.id for sg in rules.signals}
    words |= {dc.id for dc in rules.declarations}
    words |= {getattr(ph, "zone", None) or getattr(ph, "source", None) or "" for ph in rules.flow}
    if rules.declarations:
        words.add("accusi")
    if rules.sides.mode == "contract":
        words |= {"declarer", "defenders"}
    if rules.claims is not None:
        words.add("claim")
    terms = terms_of(words)
    if not terms:
        return []
    return ["## Terms", "", *[f"- **{term}**: {text}." for term, text in terms]]


def _seat_list(rules: Any, seats: Any) -> str:
    return ", ".join(rules.players.names[s] for s in sorted(seats))


def _players(rules: Any) -> list[str]:
    p, s = rules.players, rules.sides
    out = [
        "## Players and sides",
        "",
        f"- {p.count} {'seats' if p.people is not None else 'players'}, seated in this order: "
        f"{', '.join(p.names)}.",
        f"- Play and the deal go **{p.direction}**: after {p.names[0]} comes {p.names[p.next(0)]}.",
    ]
    if s.mode == "teams":
        teams = "; ".join(
            f"**{name}** = {_seat_list(rules, seats)}"
            for name, seats in zip(s.names, s.seats, strict=False)
        )
        out.append(f"- Fixed partnerships: {teams}. Partners pool their tricks.")
    elif s.mode == "individual":
        out.append("- Each player plays and scores for himself.")
    else:
        out.append(
            "- Sides change every deal: the declarer (with a called partner, if any) against "
            "the others, whose tricks are pooled for the result; each player keeps his own balance."
        )
    out += _seat_table(rules)
    return out + _seating(rules)


def _seat_table(rules: Any) -> list[str]:
    """The seat count chosen per game, and what each count changes (`by_seats`)."""
    table = rules.seat_table
    if table is None:
        return []
    out = [
        f"- The number of players is chosen when a game is created: {table.low} to "
        f"{table.high}, {table.default} by default (`tressette play {rules.id} --seats N`). "
        "The names above are those of the default table. By count:"
    ]
    for n, each in sorted(table.rulesets.items()):
        deal = next((ph for ph in each.flow if ph.kind == "deal"), None)
        hand = sum(pk.count or 0 for pk in deal.packets if pk.zone is None) if deal else 0
        parts = [f"{hand} cards each"]
        for zone in each.zones:
            if zone.laid:
                cards = " ".join(each.deck.card_text[c] for c in zone.laid)
                seen = "face up" if zone.seen_by == "everyone" else "face down"
                parts.append(f"{cards} laid aside {seen} ({zone.id}) before the deal")
        for pk in deal.packets if deal else ():
            if pk.zone is not None:
                parts.append(
                    f"the rest to the {pk.zone}"
                    if pk.count is None
                    else f"{pk.count} to the {pk.zone}"
                )
        out.append(f"  - {n} players: {'; '.join(parts)}.")
    if rules.match.eliminate is not None:
        out.append(
            "- When players leave the table (see End of the match), the next deal follows "
            "the count of the players left."
        )
    return out


def _seating(rules: Any) -> list[str]:
    """`seating.dummy` and `seating.people`, said in words."""
    p, out = rules.players, []
    if p.dummy is not None:
        when = {
            "dealt": "it is dealt face up",
            "first_card": "the first card of the deal has been played",
            "end_of_play": "the play is over",
        }[p.dummy.exposed]
        out.append(
            f"- A dummy: each deal, {said(rules, p.dummy.seat)} has no player of their own; "
            f"{said(rules, p.dummy.owner)} plays that hand at its turn (from its cards: it "
            f"must follow suit from them) and sees it from the deal; the others see it once "
            f"{when}."
        )
    if p.people is not None:
        out.append(
            f"- {len(p.people.names)} people play: {', '.join(p.people.names)}. They change "
            "seats from deal to deal (the ruleset's seating formula), and each scores what "
            "the seat he takes scores; the match totals are theirs."
        )
        if p.people.sitting_out is not None:
            paid = (
                "pays and receives what each defender does"
                if p.people.sitting_out == "defender"
                else "scores nothing"
            )
            out.append(f"- Whoever has no seat in a deal sits it out and {paid}.")
    return out


def _deck(rules: Any) -> list[str]:
    d = rules.deck
    suits = ", ".join(
        f"{sym or sid} {name} (`{sid}`)"
        for sid, name, sym in zip(d.suits, d.suit_names, d.suit_symbols, strict=False)
    )
    by_strength = sorted(range(len(d.ranks)), key=lambda r: -_rank_strength(d, r))
    order = " > ".join(d.ranks[r] for r in by_strength if _rank_in_play(d, r))
    names = [f"{d.ranks[i]} = {n}" for i, n in enumerate(d.rank_names) if n and n != d.ranks[i]]
    out = [
        "## Cards",
        "",
        f"- {d.size} cards: {suits}. A card is written rank then suit: `3D`, `KS`.",
        f"- Rank order in every suit, strongest first: **{order}**.",
    ]
    if names:
        out.append(f"- Rank names: {', '.join(names)}.")
    values = _values(d)
    out.append(f"- Card values (points): {values}; all other cards 0.")
    if d.unit > 1:
        out.append(
            f"- Card points are counted in units of 1/{d.unit} of a point ({d.unit} units make "
            "a point): a side's fractions are dropped when its deal is scored."
        )
    total = sum(d.card_value[c] for c in d.cards)
    out.append(f"- The deck holds {points(total, d.unit)} points in cards.")
    return out


def _deal_total(rules: Any) -> str:
    """What one deal is worth in all, so a target or a threshold can be checked against it."""
    d, last = rules.deck, rules.scoring.last_trick
    units = sum(d.card_value[c] for c in d.cards) + last
    return (
        f"- One deal is worth {units} units in all ({points(units - last, d.unit)} in cards + "
        f"{points(last, d.unit)} for the last trick = {points(units, d.unit)} points), "
        "declarations aside."
    )


def _rank_strength(deck: Any, rank: int) -> int:
    strengths = [deck.card_strength[c] for c in deck.cards if deck.card_rank[c] == rank]
    return max(strengths) if strengths else -1


def _rank_in_play(deck: Any, rank: int) -> bool:
    return any(deck.card_rank[c] == rank for c in deck.cards)


def _values(deck: Any) -> str:
    groups: dict[int, list[str]] = {}
    for rank in sorted(range(len(deck.ranks)), key=lambda r: -_rank_strength(deck, r)):
        cards = [c for c in deck.cards if deck.card_rank[c] == rank]
        if cards and deck.card_value[cards[0]]:
            groups.setdefault(deck.card_value[cards[0]], []).append(deck.ranks[rank])
    return "; ".join(
        f"{', '.join(ranks)} = {points(value, deck.unit)}"
        for value, ranks in sorted(groups.items(), reverse=True)
    )


def _when(phase: Any) -> str:
    when = getattr(phase, "when", None)
    return f" (only when {_say(when)})" if when is not None else ""


def _deal_and_flow(rules: Any) -> list[str]:
    out = ["## The deal, phase by phase", ""]
    for i, phase in enumerate(rules.flow, 1):
        unit = PHASE_KINDS.get(phase.kind)
        text = unit.describe(rules, phase) if unit is not None else phase.kind
        name = phase.id.replace("_", " ").capitalize()
        out.append(f"{i}. **{name}**{_when(phase)}: {text}")
    return out


def _contracts(rules: Any) -> list[str]:
    if not rules.contracts:
        return []
    contracts = list(rules.contracts.values())
    alone = any(c.alone_value is not None for c in contracts)
    target = any(c.target is not None for c in contracts)
    head = (
        ["contract", "value"]
        + (["value alone"] if alone else [])
        + (["points to make"] if target else [])
    )
    out = [
        "## Contracts",
        "",
        "Contracts from the lowest; the value is what the contract is worth in the payments.",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    for c in contracts:
        row = [c.id, str(c.value)]
        if alone:
            row.append("" if c.alone_value is None else str(c.alone_value))
        if target:
            row.append("" if c.target is None else str(c.target))
        out.append("| " + " | ".join(row) + " |")
    return out


def _declarations(rules: Any) -> list[str]:
    if not rules.declarations:
        return ["## Declarations", "", "None."]
    out = ["## Declarations (accusi)", "", "| declaration | cards | points | one says |"]
    out.append("|---|---|---|---|")
    says = {"suit": "the suit", "missing_suit": "the missing suit", "rank": "the rank"}
    for d in rules.declarations:
        pattern = pattern_in_words(getattr(d.pattern, "text", None) or str(d.pattern), _VOCAB[-1])
        sup = f" (not while holding a {', '.join(d.superseded_by)})" if d.superseded_by else ""
        out.append(f"| {d.id} | {pattern}{sup} | {d.points} | {says.get(d.says, d.says)} |")
    dg = rules.declaring
    if dg is not None:
        out += [
            "",
            f"- When: {DECLARE_AT.get(dg.at, dg.at)}"
            + ("." if dg.window.text == "true" else f", {_say(dg.window)}."),
            f"- {'Compulsory' if dg.mandatory else 'Optional'}; scored "
            f"{'at once' if dg.scored == 'immediately' else 'at the end of the deal'}; the cards "
            f"{'are shown' if dg.reveal == 'on_declare' else 'are not shown'} "
            "and must really be held.",
            "- One card may count in several combinations; the points add up.",
        ]
        if any(d.extends_to_drawn for d in rules.declarations):
            out.append("- Cards drawn from the stock later can complete new combinations.")
    return out


def _signals(rules: Any) -> list[str]:
    if not rules.signals:
        return []
    sg = rules.signaling
    out = ["## Signals", "", "| signal | made | means | true when |", "|---|---|---|---|"]
    for s in rules.signals:
        values = f" (values {', '.join(map(str, s.values))})" if s.values else ""
        truth = _say(s.truth) if s.truth is not None else "always"
        bluff = "; may be a bluff" if s.bluff else ""
        out.append(f"| {s.id}{values} | {SIGNAL_AT.get(s.at, s.at)} | {s.means} | {truth}{bluff} |")
    window = "at any trick" if sg.window is None or sg.window.text == "true" else _say(sg.window)
    truthful = "must be true (a false signal is refused)" if sg.truthful else "may be false"
    combine = "several signals may go with one card" if sg.combine else "one signal per card"
    out += ["", f"- Signals are allowed {window}; they {truthful}; {combine}."]
    out.append("- 'The player's hand' in a condition is the hand after the card is played.")
    return out


def _claims(rules: Any) -> list[str]:
    c = rules.claims
    if c is None:
        return []
    if c.about == "opponents":
        return [
            "## Calling the opponents out",
            "",
            f"- A player may call the other side out{_claim_when(c)}: their total "
            f"({_say(c.total)}) is compared with {_say(c.target)}.",
            "- The called-out side wins the match either way: the call stops play (and any big "
            "win in the making); a premature call loses for the calling side.",
        ]
    return [
        "## Claiming",
        "",
        f"- A player may stop the play and claim that his side has reached the target"
        f"{_claim_when(c)}: its total ({_say(c.total)}) is compared with {_say(c.target)}.",
        f"- A right claim: his side {c.right.replace('_', 's the ')}. A wrong one: his side "
        f"{c.wrong.replace('_', 's the ')}.",
    ]


def _claim_when(c: Any) -> str:
    when = "" if c.allowed.text == "true" else f" when {_say(c.allowed)}"
    if getattr(c, "out_of_turn", False):  # claims.out_of_turn: not only at his own turn
        when += " at any moment, even while another player is to act"
    return when


def _scoring(rules: Any) -> list[str]:
    sc, d = rules.scoring, rules.deck
    out = [
        "## Scoring",
        "",
        _last_trick(sc.last_trick, d.unit),
        f"- Each side scores for the deal: {_say(sc.deal_points)}"
        + (
            f" (card units are 1/{d.unit} of a point; each side rounds its own total, never "
            "single tricks)."
            if d.unit > 1
            else "."
        ),
        _deal_total(rules),
    ]
    if sc.residual_to != "none":
        total = "the sum of the sides' points" if sc.deal_total is None else _say(sc.deal_total)
        out.append(
            f"- The side that took the last trick does not round its own points: it scores "
            f"what the deal is worth ({total}) less the other sides' points, taking "
            "everybody's leftover fractions."
        )
    for zone in rules.zones:  # the declared zones, each with its own leftover_to
        if zone.leftover_to != "none":
            to = zone.leftover_to.replace("_", " ")
            out.append(f"- Cards left in the {zone.id} when play ends go to the {to}.")
    if sc.big_wins:
        effect = {
            "win_match": "the side wins the match at once, counting",
            "multiply": "the payoff is multiplied by",
        }
        out += ["", "Big wins (checked in this order, the first that holds applies):", ""]
        for bw in sc.big_wins:
            amount = f"{bw.games} games" if sc.big_win_effect == "win_match" else f"{bw.multiplier}"
            what = effect.get(sc.big_win_effect, "")
            cancels = (
                " The other sides' declarations of the deal score nothing."
                if bw.cancels_opponent_declarations
                else ""
            )
            if bw.points is not None or bw.others is not None:
                mine = f"it scores {_say(bw.points)}" if bw.points is not None else ""
                theirs = f"every other side scores {_say(bw.others)}" if bw.others else ""
                said = "; ".join(x for x in (mine, theirs) if x)
                out.append(f"- **{bw.id}**, when {_say(bw.condition)}: {said} for the deal.")
                continue
            out.append(f"- **{bw.id}**, when {_say(bw.condition)}: {what} {amount}.{cancels}")
    return out


def _last_trick(last: int, unit: int) -> str:
    if last == 0:
        return "- The last trick earns nothing extra."
    plural = "s" if last != unit else ""
    units = f" ({last} units)" if unit > 1 else ""
    return f"- The last trick is worth {points(last, unit)} point{plural} extra{units}."


def _payoff(rules: Any) -> list[str]:
    p = rules.payoff
    if p is None:
        return []
    out = [
        "## Payoffs",
        "",
        "After each deal the players pay each other; each keeps his own balance.",
        "",
        f"- The contract is made when {_say(p.success)}; the value of the deal is {_say(p.value)}.",
        f"- The declarer receives {_say(p.declarer)}; each defender receives "
        f"{_say(p.defender)} (a negative amount is paid).",
    ]
    has_partner = any(getattr(ph, "effect", None) == "partner" for ph in rules.flow)
    if p.partner is not None and has_partner:
        out.append(f"- The called partner receives {_say(p.partner)}.")
    return out


def _match(rules: Any) -> list[str]:
    m = rules.match
    out = ["## End of the match", ""]
    if m.target is not None:
        out.append(f"- Target: **{m.target}** points.")
    check = "at the end of a deal" if m.check == "end_of_deal" else "the moment it holds"
    if m.eliminate is not None:
        out.append(
            f"- After each scored deal, every player for whom {_say(m.eliminate)} leaves the "
            "table (all of them at once); the last player left wins. If nobody would be left, "
            f"the {m.winner} total among those leaving wins, equal totals sharing."
        )
        if m.end.text != "false":
            out.append(f"- The match also ends when {_say(m.end)}, checked {check}.")
    else:
        out.append(f"- The match ends when {_say(m.end)}, checked {check}.")
    tie = "play another deal" if m.tie == "play_on" else "the win is shared"
    out.append(f"- Winner: the {m.winner} total; on a tie, {tie}.")
    return out


def _sources(meta: dict[str, Any]) -> list[str]:
    out = ["## Sources and choices", ""]
    for src in meta.get("sources") or []:
        url, file = src.get("url"), src.get("file")
        where = f" ({url})" if url else (" (a rules text kept with the project)" if file else "")
        out.append(f"- **{src.get('ref', '?')}**{where}: {_readable(src.get('about', ''))}")
    choices = meta.get("choices") or {}
    if choices:
        out += ["", "Recorded choices:", ""]
        out += [
            f"- {key.replace('_', ' ')}: {_readable(choice_text(value))}"
            for key, value in choices.items()
        ]
    if len(out) == 2:
        out.append("No sources recorded.")
    return out


# "digest 9.25": the number of a note in the project's working digest, which a reader of the
# rules cannot look up; the source it stands for is listed under Sources.
_DIGEST = re.compile(r";?\s*\bdigest\s+\d+(?:\.\d+)*")


def _readable(text: str) -> str:
    out = _DIGEST.sub("", str(text))
    return re.sub(r"\(\s*\)", "", out).replace(" ;", ";").strip()
