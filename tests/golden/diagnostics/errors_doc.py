"""Golden diagnostics and docs/errors.md, generated from the same runs of the CLI.

Each ``bad_*.yaml`` here is validated with ``tressette validate -q`` (from the repository
root, so paths read ``tests/golden/diagnostics/...``); its exact text output is kept in
``bad_*.expected.txt``. docs/errors.md shows every code with its example input and that
same output, so the documentation cannot drift from what the tool prints.

Regenerate after a deliberate change, then review the diff like code::

    python tests/golden/diagnostics/errors_doc.py
    # or: TRESSETTE_UPDATE_GOLDENS=1 python -m pytest tests/golden/diagnostics
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
DOC = ROOT / "docs" / "errors.md"
sys.path.insert(0, str(ROOT))

from tressette_dsl.cli import main  # noqa: E402
from tressette_dsl.diagnostics import DiagnosticError, render_text  # noqa: E402
from tressette_dsl.lint import CODES as DEEP_CODES  # noqa: E402
from tressette_dsl.loader import checks, extends, load_ruleset, schema  # noqa: E402
from tressette_dsl.source import CODES as SOURCE_CODES  # noqa: E402

CODES = {**SOURCE_CODES, **extends.CODES, **schema.CODES, **checks.CODES, **DEEP_CODES}
CODES["TS199"] = "internal error while compiling a ruleset"
CODES["TS434"] = "a name used before any phase of flow gives it a value"
CODES["TS460"] = "seating.people without a dummy seat for the seat nobody takes"
CODES["TS461"] = "seating.people does not name one person per seat that is not the dummy"
CODES["TS462"] = "people sitting a deal out are paid as defenders, but nothing is paid"
CODES["TS463"] = "call.ranks names a rank the deck does not have"
CODES["TS464"] = "an auction key names a bid the auction does not have"

EXPLAIN = {
    "TS100": "The reader stops after 100 problems in one file, so that a hostile or garbled "
    "file gives a short answer quickly. The output ends with this line.",
    "TS101": "The text is not valid YAML. The position is where the YAML parser gave up, "
    "which is often the line after the real mistake; the note names the construct it was "
    "reading. Tabs cannot indent YAML.",
    "TS102": "A key appears twice in the same mapping. YAML tools silently keep one of them; "
    "the loader reports the second and points at the first.",
    "TS103": "Rulesets are read with strict YAML 1.2 scalars: only `true` and `false` are "
    "booleans and integers are plain decimal. Values that YAML 1.1 tools read differently "
    "(`yes`, `no`, `on`, `off`, `y`, `n`, `012`, `0o12`, `0x1F`, `1_000`, `1:30`) and every "
    "float (`1.5`, `.5`, `1e3`) are reported: arithmetic is exact, so write an integer number "
    "of units (with `deck.unit: 3` a unit is a third of a point, so 1⅓ points is `4`); a "
    "fraction is written as a string only where an expression is allowed (`deal_points: "
    '"4/3"`). Keys always stay strings (`on:` is the key `on`).',
    "TS104": "Anchors (`&name`), aliases (`*name`) and merge keys (`<<`) are not used in "
    "rulesets: share rules with `extends` instead. This also makes alias bombs harmless.",
    "TS105": "A ruleset file may have at most 1,000,000 bytes and 20,000 values. The size is "
    "checked before the file is read.",
    "TS106": "Only the `!!str`, `!!map` and `!!seq` tags are accepted. Python object tags "
    "(`!!python/...`) and custom tags are refused: rulesets are plain data.",
    "TS107": "Mappings and lists may nest at most 64 levels deep. The check runs on the parser's "
    "event stream, so even 10,000 levels are refused at once.",
    "TS108": "The file is empty, or holds only comments or `null`.",
    "TS109": "The file is binary (it contains NUL bytes) or not UTF-8 text.",
    "TS110": "`extends` names a bundled id that does not exist, or a file that cannot be "
    "found. A bare name is a bundled id; anything with `/` or ending in `.yaml`/`.yml` is a "
    "path relative to the file.",
    "TS111": "`extends` goes round in a cycle; the message lists the chain of files.",
    "TS112": "The top level of a ruleset must be a mapping (`id: ...`, `players: ...`).",
    "TS113": "A ruleset file holds one YAML document: no second `---`.",
    "TS114": "The file cannot be read: it does not exist, is a folder, or is not readable.",
    "TS115": "Keys are plain names, not lists or mappings (`? [a, b]`).",
    "TS116": "An overlay's `key: null` removes an inherited entry; here the base has no such "
    "key, so the null does nothing, which is almost always a misspelt key.",
    "TS199": "A bug in tressette-dsl while compiling a ruleset: the ruleset is not at fault. "
    "`tressette validate` reports it at the top of the file and goes on with the other files. "
    "Please report it with the ruleset.",
    "TS200": "A schema rule with no dedicated message; the text is jsonschema's own. The current "
    "schema does not produce it.",
    "TS201": "A value of the wrong type. Expressions are strings: a condition written `true` "
    'must be quoted (`"true"`).',
    "TS202": "A required key is missing. A playable ruleset needs `deck` (with `suits` and "
    "`ranks`), `flow`, `phases` and `match` (inherited ones count; `players.count` defaults "
    "to 4 and `sides.mode` to individual); a base marked `abstract: true` needs only `id`.",
    "TS203": "A key the language does not know, reported at the key itself with a did-you-mean "
    "or the list of allowed keys. A misspelt key is never ignored.",
    "TS204": "A value that is not one of the allowed words. When the value is inherited, the "
    "problem is reported in the base file, with a note naming the file that inherited it.",
    "TS205": "A number out of its range.",
    "TS206": "Text that does not have the required form: ids are lower-case letters, digits and "
    "`-`; `meta.description` is one line.",
    "TS207": "Text that is empty, or longer than 4,000 characters for an expression.",
    "TS208": "A list or mapping that is empty, too long, or repeats an item.",
    "TS209": "An entry's name that is not a valid id (phases, declarations, contracts and other "
    "maps keyed by id use lower-case letters, digits and `_`).",
    "TS401": "`flow` names a phase that `phases` does not define.",
    "TS402": "A phase is defined but `flow` never runs it (not checked in abstract bases).",
    "TS403": "`superseded_by` names a declaration that is not defined.",
    "TS404": "A bid's `contract` or a `choose` option names a contract that is not defined.",
    "TS405": "A text of the ruleset (a title, a seat, suit or rank name, an id, any key) holds "
    "a control character, written with a YAML escape such as `\\e`, `\\a` or `\\r`. "
    "`describe`, `list` and `play` print these texts, and an escape sequence would clear the "
    "screen, change colours or set the window title instead of being shown. Line breaks and "
    "tabs are allowed only in the long texts (`rules_text`, `description`, a choice's `text`).",
    "TS406": "`deck.ranks` holds a rank id that is not one character or is repeated, or "
    "`rank_names` or a bid's `rank` names a rank the deck does not have.",
    "TS407": "A deal's packets do not add up to the deck for the number of players: the packets "
    "per seat times the players, plus the zone packets, must equal suits × ranks (less "
    "`deck.exclude`), with `rest` taking what remains. The message shows the arithmetic.",
    "TS408": "With `sides.mode: teams`, each seat must be in exactly one team.",
    "TS409": "`players.names` must name each seat once; seat numbers must exist.",
    "TS410": "A phase takes cards from a zone (`monte`, `stock`) that no deal or discard fills.",
    "TS411": "Big wins with `big_win_effect: win_match` count `games`; with `multiply` they "
    "give a `multiplier`. Without `big_win_effect`, the effect is `multiply` when some big win "
    "has a `multiplier`, else `win_match`.",
    "TS412": "`sides.teams` goes with `sides.mode: teams`, and that mode needs it.",
    "TS413": "A `take` phase lets seats pick cards in full view, so every seat sees them: "
    "the zone must have been shown by an earlier `reveal` phase, or its face-down cards "
    "would become public without the rules saying so.",
    "TS417": "Once a ruleset declares its zones (`zones:`), every zone a phase names "
    "(`reveal.zone`, `move.from`, `discard.to`, `take.from`, `draw.from`) must be one of them; "
    "a ruleset without `zones:` gets a zone, with the defaults, for every id it names.",
    "TS418": "A tricks phase draws only from a zone declared with `drawn_from: true` (the "
    "default).",
    "TS414": "Two suits have the same `name` or `symbol`, or two seats the same name (case "
    "aside). The table, `describe`, the scenarios and `--players North=human` name suits and "
    "seats by these words, so each must be told apart.",
    "TS415": "Two bids of one auction have the same `level`. A bid outbids another by a higher "
    "level (or, between two bids that name points, by more points), so two plain bids at one "
    "level could never be ordered.",
    "TS423": "A bid's `points` range has `from` above `to`: no number of points can be bid.",
    "TS424": "A `move` takes more cards than its zone can hold, or a `discard` asks for more "
    "cards than a hand can hold at that point of `flow`. The sizes are upper bounds: the "
    "cards each hand and zone is dealt, plus every move, take, give and call before the phase "
    "(whatever its `when`). The engine would move fewer cards than written, or wait for a "
    "discard no seat can make, so every game would stop with no legal action.",
    "TS419": "`match.end` is a constant false: the match would never end (only `--max-deals` "
    "would stop it).",
    "TS416": "An abstract ruleset is a base for others and cannot be played or compiled alone.",
    "TS470": "A mixin (`mixin: true`) is a fragment that rulesets add to their bases with "
    "`extends: [BASE, MIXIN]` - a block of declarations, a signal set - not a game: it cannot "
    "be played, and `tressette list` shows it only with `--all`. `tressette validate` checks it "
    "for shape, as it does an abstract base.",
    "TS471": "`extends: [A, B, ...]` merges its entries left to right, then the file itself. "
    "Two entries may repeat each other, but when they set the same key to different values "
    "the order of the list would silently decide a rule, so it is refused: set the key in "
    "the extending file (its value wins), or drop one entry. The notes show where each "
    "value is written.",
    "TS472": "An extends list names each ruleset once, and names at least one.",
    "TS474": "`declaring.mandatory: true` means the engine makes every declaration itself, at "
    "the moment `declaring.at` names. At one's own turn (`at: own_turn`) a declaration is a "
    "choice offered beside the cards, so the pair would declare nothing; no source asks for "
    "it (seed 000's compulsory accusi are announced before the first trick, FITRES and CLUB "
    "declare at one's turn by choice). Write `at: before_first_trick` (or `after_lead`, "
    "`end_of_trick`) for compulsory accusi, or keep `mandatory: false`.",
    "TS473": "A mixin only adds rules to the rulesets that extend it, so a `null` (which "
    "removes an inherited key) has nothing to remove there: write the removal in the "
    "ruleset that extends the mixin.",
    "TS425": "A warning, not an error: `scoring.last_trick` (like card values) counts card "
    "units, `deck.unit` of them to a point (3 in the Tressette family). A value that is not "
    "a whole number of points, such as `last_trick: 1` (a third), is most often points "
    "written where units are meant; the hint gives the value in units. The file still loads.",
    "TS450": "`players.count` written as a range, `{min, max, default}`, lets a game choose "
    "its number of seats (`new_game(rules, seed, seats=n)`, `--seats n`): min must not be above "
    "max, and the default (min when left out) must lie between them.",
    "TS451": "`by_seats` keys an overlay of the ruleset by a seat count: each key must be a "
    "count `players.count` allows, and `players.count` must be a range for the table to mean "
    "anything.",
    "TS452": "A `by_seats` entry changes the rules for one seat count; the ruleset's identity "
    "(`id`, `extends`, `abstract`, `version`, `meta`), its `sides` and the table itself "
    "(`by_seats`, `players.count`) are the same for every count, so an entry may not set them.",
    "TS453": "`zones.<id>.cards` lays named cards in a zone before every deal (a deck "
    "reduction, public with `seen_by: everyone`): each must be a card of the deck, laid once. "
    "Inside a `by_seats` entry the message names the seat count.",
    "TS454": "`match.eliminate` sends seats away from the table and plays on with the rules "
    "of the seats left, down to two: it needs individual sides and `players.count` as a range "
    "from 2, with `by_seats` entries for the counts whose rules differ.",
    "TS420": "A recorded choice (`meta.choices`) may name the rules it explains as `keys`, "
    "dotted paths such as `signals.striscio`; a ruleset that extends this one and changes one "
    "of them does not inherit the choice, so `describe` never shows a choice the rules no "
    "longer make. A key must name a rule of the ruleset (or one it leaves out), not a typo.",
    "TS421": "A score one deal can never reach: a contract's `target`, or a threshold on "
    "`..._points` or `..._units` in `payoff.success`, above what the deck's cards and the "
    "last-trick bonus total (`deck.values` summed over the deck, plus `scoring.last_trick`, "
    "in units; divided by `deck.unit` for points). The message states the totals.",
    "TS422": "A warning: `deck.values` gives no value to a rank that is stronger (in "
    "`deck.order`) than a rank it values, as when a rank is forgotten in the list. An "
    "unlisted rank is worth 0, which may be intended; the message states the deck's totals so "
    "they can be checked against the targets. It does not stop the ruleset from loading.",
    "TS441": "Found by `tressette validate --deep`, which plays a few hundred random deals of "
    "each valid ruleset (at most 10 s) through the engine: the match is not over, yet nobody "
    "is to act or no action is legal. The diagnostic points at the phase where the game got "
    "stuck and says which seed and deal show it and how many cards each hand holds; the cause "
    "is often an earlier phase (here a discard that leaves the soloist a card short).",
    "TS442": "Found by `validate --deep`: a match that did not end after 200 deals (pointing "
    "at `match.end`), or a deal that did not end after 5,000 actions (pointing at its phase).",
    "TS443": "Found by `validate --deep`: a deal played to its end whose tricks and leftover "
    "captured more or fewer card units than the deck holds, so its points cannot add up "
    "(not checked with `scoring.leftover_to: none`, which sets the leftover aside on purpose).",
    "TS444": "Found by `validate --deep`: an expression failed while playing (located at its "
    "rule, with the message of the failure), or the engine raised an error (located at the "
    "phase; that is a bug in tressette-dsl, please report it).",
    "TS460": "`seating.people` says that fewer people than seats play the match (each "
    "person takes a seat per deal, and the totals are kept per person). The seat nobody "
    "takes must be played by someone: declare it with `seating.dummy` (its `seat`, and the "
    "`owner` who plays it), or leave `seating.people` out so that every seat is a player.",
    "TS461": "With `seating.dummy`, one seat per deal has no player, so `seating.people` "
    "must name exactly one person per other seat: `players.count` minus one. The message "
    "says how many that is; `seating.people.seat` then places each of them (the engine "
    "refuses, at the deal, a formula that leaves a seat empty or puts two people on one).",
    "TS462": "`seating.people.sitting_out: defender` pays a person who sits a deal out (a "
    "dealer dealt no cards) what each defender's seat gets from `payoff.defender`. A "
    "ruleset without `payoff` scores points per side instead, and a person at no seat is "
    "on no side: give the payoff, or write `sitting_out: nothing` (he scores nothing that "
    "deal).",
    "TS463": "`call.ranks` lists, by priority, the ranks a call may name: the callable "
    "cards are those of `cards` of the first listed rank that offers any (a 3 the caller "
    "lacks, else a 2). Each entry is one rank id of `deck.ranks`; the hint lists them.",
    "TS464": "`after` (of a bid), `after_all_pass` and `forced.bid` name bids of the same "
    "auction phase: the bid that must come first, the bids allowed in the deal after an "
    "all-pass deal, the bid a seat is forced to play. A name that is not one of the "
    "auction's `bids` would never match; the hint lists them.",
    "TS434": "Some names only get a value from a phase of a given kind: an `auction` sets "
    "`declarer`, `contract`, `bid`, `bid_rank`, `bid_points`, `contract_value` and "
    "`contract_target` (a `choose` phase changes `contract`); a `call` sets `called_card`, "
    "`call_supplier`, `called_from_defender` and the partner. An expression evaluated in a "
    "phase that comes before every phase of that kind in `flow` (or in a ruleset with no "
    "such phase) would read a name with no value, which would only fail once a deal is "
    "played. `scoring`, `payoff`, `match` and `next_dealer` are evaluated after the last "
    "phase of the deal; `declaring`, `signals`, `signaling` and `claims` during the first "
    "`tricks` phase. The caret points at the name.",
}

EXPRESSION_CODES = {
    "TS301": "syntax error: the text is not an expression",
    "TS302": "unknown name (with a did-you-mean)",
    "TS303": "types that do not fit",
    "TS304": "unknown function, or wrong number of arguments",
    "TS305": "text too long or nested too deeply",
    "TS306": "a card, rank, suit or seat the deck or table does not have",
    "TS307": "a bad rank order (`deck.order`): unknown, repeated or missing ranks",
    "TS308": "bad card values (`deck.values`)",
    "TS309": "bad deal packets",
    "TS310": "a bad declaration pattern",
}

ONLY_LAST = {"TS100"}  # long outputs: the doc shows only the last problem


def golden_inputs() -> list[Path]:
    return sorted(HERE.glob("bad_*.yaml"))


def expected_path(path: Path) -> Path:
    return path.with_name(path.name.removesuffix(".yaml") + ".expected.txt")


def run_cli(*args: str, cwd: Path = ROOT) -> tuple[int, str]:
    out = io.StringIO()
    before = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = main(["validate", "-q", *args])
    finally:
        os.chdir(before)
    return code, out.getvalue()


def golden_output(path: Path) -> str:
    return run_cli(str(path.relative_to(ROOT)))[1]


def _synthetic() -> dict[str, tuple[str, str]]:
    """Examples that cannot live as files here: (what the input is, the output)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with (folder / "huge.yaml").open("wb") as handle:
            handle.truncate(50 * 1024 * 1024)
        (folder / "picture.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
        (folder / "latin1.yaml").write_bytes("id: caff\xe8\n".encode("latin-1"))
        (folder / "many.yaml").write_text("".join(f"k{i}: yes\n" for i in range(120)))
        (folder / "base.yaml").write_text("id: base\nabstract: true\n")
        (folder / "fragment.yaml").write_text("id: fragment\nmixin: true\nmatch:\n  target: 31\n")
        (folder / "folder.yaml").mkdir()
        (folder / "last-trick.yaml").write_text(
            "id: last-trick\nextends: tressette\nscoring:\n  last_trick: 1\n"
        )
        many = _block(run_cli("many.yaml", cwd=folder)[1], "TS100")
        (folder / "short.yaml").write_text(
            "id: house-short\nextends: calabresella\nphases:\n  discard:\n    count: 5\n"
        )
        (folder / "endless.yaml").write_text(
            'id: house-endless\nextends: calabresella\nmatch:\n  end: "deals_counted < 0"\n'
        )
        (folder / "lost.yaml").write_text(
            "id: house-lost\nextends: tressette-a-tre\ndeck:\n  exclude: null\nphases:\n"
            '  deal:\n    packets: "4 4 4 monte:4"\nscoring:\n  leftover_to: declarer\n'
        )
        (folder / "thirds.yaml").write_text(
            'id: house-thirds\nextends: calabresella\nscoring:\n  deal_points: "units / 3"\n'
        )
        (folder / "no-threes.yaml").write_text(
            'id: house-no-threes\nextends: tressette\ndeck:\n  values: "A=3, 2 K Q J=1"\n'
        )
        return {
            "TS100": ("a file with 120 lines `kN: yes` (`many.yaml`), the last lines", many),
            "TS105": ("a 50 MB file (`huge.yaml`)", run_cli("huge.yaml", cwd=folder)[1]),
            "TS109": (
                "a PNG image renamed `picture.yaml`, and a Latin-1 file `latin1.yaml`",
                run_cli("picture.yaml", "latin1.yaml", cwd=folder)[1],
            ),
            "TS114": (
                '`load_ruleset("tresette")` (or `tressette play tresette`)',
                _loaded("tresette", folder),
            ),
            "TS425": (
                "`last-trick.yaml`: `id: last-trick` / `extends: tressette` / `scoring:` / "
                "`  last_trick: 1`",
                run_cli("last-trick.yaml", cwd=folder)[1],
            ),
            "TS441": (
                "`short.yaml`: `extends: calabresella` with a discard of 5 instead of 4, "
                "`tressette validate --deep short.yaml`",
                _relative(run_cli("--deep", "short.yaml", cwd=folder)[1]),
            ),
            "TS442": (
                '`endless.yaml`: `extends: calabresella` with `match: {end: "deals_counted < 0"}`',
                _relative(run_cli("--deep", "endless.yaml", cwd=folder)[1]),
            ),
            "TS443": (
                "`lost.yaml`: three players with a monte of 4 that goes to the declarer, in a "
                "game without an auction (so without a declarer)",
                _relative(run_cli("--deep", "lost.yaml", cwd=folder)[1]),
            ),
            "TS444": (
                '`thirds.yaml`: `extends: calabresella` with `deal_points: "units / 3"` (no floor)',
                _relative(run_cli("--deep", "thirds.yaml", cwd=folder)[1]),
            ),
            "TS422": (
                "`no-threes.yaml`: `extends: tressette` with "
                '`deck: {values: "A=3, 2 K Q J=1"}` (exit 0: a warning)',
                run_cli("no-threes.yaml", cwd=folder)[1],
            ),
            "TS416": (
                '`load_ruleset("base.yaml")` (or `tressette play base.yaml`) on a file '
                "`id: base` / `abstract: true`",
                _loaded("base.yaml", folder),
            ),
            "TS470": (
                '`load_ruleset("fragment.yaml")` (or `tressette play fragment.yaml`) on a file '
                "`id: fragment` / `mixin: true` / `match: {target: 31}`",
                _loaded("fragment.yaml", folder),
            ),
        }


def _relative(output: str) -> str:
    """Output with the checkout's path left out, so the doc does not depend on it."""
    return output.replace(str(ROOT) + os.sep, "")


def _block(output: str, code: str) -> str:
    """The lines of the one diagnostic with ``code`` in a text output."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if f"error[{code}]" in line)
    end = next((i for i in range(start + 1, len(lines)) if ": error[" in lines[i]), len(lines))
    return "\n".join(lines[start:end]) + "\n"


def _loaded(name: str, folder: Path) -> str:
    before = Path.cwd()
    os.chdir(folder)
    try:
        load_ruleset(name)
    except DiagnosticError as err:
        sources = {
            name: (folder / name).read_text(encoding="utf-8")
            for name in ("base.yaml", "fragment.yaml")
        }
        return "\n".join(render_text(d, sources) for d in err.diagnostics) + "\n"
    finally:
        os.chdir(before)
    raise AssertionError(f"{name} loaded")


def _examples(code: str, synthetic: dict[str, tuple[str, str]]) -> Iterator[str]:
    stem = f"bad_{code.lower()}_"
    for path in golden_inputs():
        if not path.name.startswith(stem):
            continue
        text = path.read_text(encoding="utf-8")
        output = expected_path(path).read_text(encoding="utf-8")
        yield f"`{path.relative_to(ROOT).as_posix()}`:\n\n```yaml\n{text}```\n\n"
        for base in sorted(HERE.glob("base_*.yaml")):
            if base.name not in text:
                continue
            rel = base.relative_to(ROOT).as_posix()
            yield f"`{rel}`:\n\n```yaml\n{base.read_text(encoding='utf-8')}```\n\n"
        command = f"tressette validate {path.relative_to(ROOT).as_posix()}"
        yield f"`{command}`:\n\n```text\n{output}```\n\n"
    if code in synthetic:
        what, output = synthetic[code]
        yield f"For {what}:\n\n```text\n{output}```\n\n"


HEADER = """\
# Error codes

<!-- Generated by tests/golden/diagnostics/errors_doc.py from the golden files beside it;
     do not edit by hand: run `python tests/golden/diagnostics/errors_doc.py`. -->

`tressette validate` reads a ruleset, resolves `extends`, checks it completely and reports
every problem at once, sorted by file, line and column:

```text
file:line:col: error[CODE]: message
<the source line>
<a caret under the place>
  hint: what to do (when there is one)
  note: file:line:col: a related place (the first of two keys, the file that inherited a value)
```

`--format json` prints the same facts as a JSON list (`code`, `severity`, `message`,
`file`, `line`, `col`, `path`, `hint`, `notes`) and `--format github` prints GitHub Actions
annotations. The exit code is 0 when every file is valid, 1 when any problem was found, and
2 on a usage error: a path that does not exist, or a folder with no `*.yaml`/`*.yml` file.

Codes are stable; they are grouped by the stage that finds them. The stages run in order
and each gathers all its problems first; the semantic checks (TS4xx) and the expression
compiler (TS3xx) run once the document has a sound shape (unknown and duplicate keys aside).

| codes | stage | documented |
|---|---|---|
| TS1xx | reading the file, YAML, `extends` | below |
| TS2xx | the document's shape (`tressette_dsl/schema/ruleset.schema.json`) | below |
| TS3xx | expressions, orders, values, packets, patterns | [expressions.md](expressions.md) |
| TS401-TS429 | semantic checks: references, deck and deal, seats and teams | below |
| TS430-TS439 | checks made while compiling the model (`rules/build.py`) | its messages |
| TS460-TS469 | seats without a player, dealers sitting out, calls, payoffs | below |
| TS441-TS444 | `validate --deep`: random deals played through the engine | below |
| TS5xx | rule violations at play time (the engine) | the engine's messages |
| TS6xx | conformance scenarios (`tressette check`) | [scenarios.md](scenarios.md) |

"""


def generate() -> str:
    synthetic = _synthetic()
    parts = [HEADER, "## All codes\n\n| code | meaning |\n|---|---|\n"]
    every = {**CODES, **EXPRESSION_CODES}
    parts += [f"| [{c}](#{c.lower()}) | {every[c]} |\n" for c in sorted(every)]
    parts.append("\n")
    for code in sorted(CODES):
        if code.startswith("TS4") and "## TS3" not in "".join(parts):
            parts.append(_expression_section())
        title = CODES[code][0].upper() + CODES[code][1:]
        parts.append(f"## {code}\n\n{title}.\n\n{EXPLAIN[code]}\n\n")
        parts.extend(_examples(code, synthetic))
    return "".join(parts).rstrip("\n") + "\n"


def _expression_section() -> str:
    rows = "".join(f"| {c} | {m} |\n" for c, m in EXPRESSION_CODES.items())
    example = expected_path(HERE / "bad_ts307_order.yaml").read_text(encoding="utf-8")
    return (
        "## TS3xx: expressions\n\n"
        "The expression codes are documented with examples in "
        "[expressions.md](expressions.md#error-codes). Inside an expression string, the caret "
        "points at the offending token, also in quoted and `|` block strings.\n\n"
        f"| code | meaning |\n|---|---|\n{rows}\n"
        "`tressette validate tests/golden/diagnostics/bad_ts307_order.yaml`:\n\n"
        f"```text\n{example}```\n\n"
    )


def update() -> None:
    for path in golden_inputs():
        expected_path(path).write_text(golden_output(path), encoding="utf-8")
    DOC.write_text(generate(), encoding="utf-8")


if __name__ == "__main__":
    update()
    print(f"updated {len(golden_inputs())} golden files and {DOC.relative_to(ROOT)}")
