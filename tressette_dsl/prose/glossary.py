"""The words of the Tressette family a rules page uses, explained once, for a reader who
does not know them. A term is explained only when the ruleset has it (a contract, a big
win, a signal, a declaration or a zone of that name); the engine never reads this."""

from __future__ import annotations

TERMS: dict[str, str] = {
    "accusi": "declarations: combinations of cards in hand that score when announced",
    "napoletana": "a declaration: the Ace, 2 and 3 of one suit",
    "tris": "a declaration: three of the 3s, 2s or Aces",
    "poker": "a declaration: all four 3s, 2s or Aces",
    "busso": "a signal ('I knock'): partner, win this trick with your best card of the suit "
    "and lead it back",
    "striscio": "a signal ('I slide'): I still hold lower cards of this suit",
    "volo": "a signal ('I fly'): this is my last card of this suit",
    "cappotto": "a big win: one side takes every trick of the deal",
    "cappottone": "a big win: one player alone takes every trick of the deal",
    "stramazzo": "a big win: the other side takes tricks but less than a point in cards",
    "stramazzone": "a big win: one player takes all but less than a point in cards",
    "monte": "the cards left face down on the table after the deal (the 'talon')",
    "stock": "the undealt cards, drawn from after each trick",
    "chiamo": "a contract ('I call'): the declarer calls a card to complete his hand",
    "solo": "a contract: the declarer plays alone with the monte",
    "solissimo": "a contract: the declarer plays alone without touching the monte",
    "dividete": "a raised contract ('share it'): the defenders share the monte",
    "scegliete": "a raised contract ('choose'): the defenders choose from the shown monte",
    "declarer": "the player who won the auction and plays the contract",
    "defenders": "the players against the declarer",
    "claim": "ending the match by declaring that one's side has reached the target",
}


def terms_of(words: set[str]) -> list[tuple[str, str]]:
    """The terms among `words` that the glossary explains, in the glossary's order."""
    return [(term, text) for term, text in TERMS.items() if term in words]
