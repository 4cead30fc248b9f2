"""The TS6xx codes of scenario files and ``tressette check`` (documented in docs/scenarios.md).

TS600-TS619: the scenario file itself is malformed (a located error, the scenario does not
run). TS620-TS659: the scenario ran and an expectation did not hold. TS690: pending.
"""

from __future__ import annotations

# malformed scenario files
UNREADABLE = "TS600"  # the file cannot be read
BAD_YAML = "TS601"  # YAML syntax error (the loader's own code is kept when it has one)
UNKNOWN_KEY = "TS602"  # a key the format does not know (with did-you-mean)
BAD_VALUE = "TS603"  # a required key is missing, or a value has the wrong type or form
BAD_RULESET = "TS604"  # the ruleset named cannot be found or does not load
UNKNOWN_SEAT = "TS605"  # a seat or side name the ruleset does not have
BAD_CARD = "TS606"  # a card text the deck does not have, or a card dealt twice
BAD_ACTION = "TS607"  # an action text that does not parse at that point
BAD_SETUP = "TS608"  # the engine refused the dealer or the cards given

# failed expectations
REFUSED = "TS620"  # an action of the script was refused by the engine
OUT_OF_TURN = "TS621"  # the script names a seat that is not the one to act
NOT_REFUSED = "TS622"  # an action expected to be refused was accepted
WRONG_REASON = "TS623"  # refused, but not for the reason expected
AUTO_STUCK = "TS624"  # ``auto`` did not reach its goal
LEGAL = "TS630"  # legal actions differ (legal, legal_includes, legal_excludes, plays)
TO_ACT = "TS631"  # a different seat is to act
TRICK = "TS632"  # trick winner, trick points or tricks per side differ
DEAL_POINTS = "TS633"  # deal points, card points or deal-over state differ
DECLARATIONS = "TS634"  # declarations scored differ
TOTALS = "TS635"  # match totals, running score, match over or match winner differ
PAYOFFS = "TS636"  # payoffs or balances differ
EVENTS = "TS637"  # an expected event did not happen, or a forbidden one did
STATE = "TS638"  # hands, zones, contract, declarer or another state fact differ
VIEW = "TS639"  # a seat's view shows a card it must not, misses one, or knows another partner

PENDING = "TS690"  # the scenario is marked pending and was skipped

DESCRIPTIONS: dict[str, str] = {
    UNREADABLE: "the scenario file cannot be read",
    BAD_YAML: "YAML syntax error",
    UNKNOWN_KEY: "unknown key (with a did-you-mean suggestion)",
    BAD_VALUE: "missing key, or a value of the wrong type or form",
    BAD_RULESET: "the ruleset named cannot be found or does not load",
    UNKNOWN_SEAT: "a seat or side name the ruleset does not have",
    BAD_CARD: "a card the deck does not have, or a card given twice",
    BAD_ACTION: "an action text that does not parse at that point of the game",
    BAD_SETUP: "the engine refused the dealer or the cards of the scenario",
    REFUSED: "an action of the script was refused by the engine",
    OUT_OF_TURN: "the script names a seat that is not the one to act",
    NOT_REFUSED: "an action expected to be refused was accepted",
    WRONG_REASON: "the action was refused, but not for the reason expected",
    AUTO_STUCK: "`auto` did not reach its goal",
    LEGAL: "legal actions differ from the expectation",
    TO_ACT: "a different seat is to act",
    TRICK: "trick winner, trick points or tricks won differ",
    DEAL_POINTS: "deal points, card points or the end of the deal differ",
    DECLARATIONS: "declarations scored differ",
    TOTALS: "match totals, running score, match end or match winner differ",
    PAYOFFS: "payoffs or balances differ",
    EVENTS: "an expected event did not happen, or a forbidden one did",
    STATE: "a fact of the state (hand, zone, contract, declarer...) differs",
    VIEW: "what a seat may know (its view) differs",
    PENDING: "the scenario is pending (skipped, never counted as passed)",
}
