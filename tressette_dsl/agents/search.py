"""`search`: information-set Monte Carlo tree search from one seat's view.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): every iteration samples a
world consistent with what this seat knows (`base.Worlds`, a determinisation from the
rules: voids shown, cards shown or handed over, the shown monte, declarations, truthful
signals), walks one tree shared by all worlds - its nodes are action sequences from the
decision at hand, each seat choosing by UCB1 among the actions legal *in this world*, with
counts of how often each action was available - expands one node, plays the rest of the
deal out on the compiled kernel with `rollout.RolloutPolicy` (greedy cards, heuristic
bids, calls and discards), and credits every node with the deal's outcome for the seat that
chose there. It plays every decision kind the engine can ask, knowing none by name:

* the tree's actions are the legal actions with a played card's signal variants folded into
  the plain play (a signal changes what the partner knows, which a rollout cannot value);
  the signal then goes with the card as the heuristic bot would say it, truthfully;
* a claim is made only when it wins in every one of `claim_worlds` sampled worlds
  (applied by the rules in each), and otherwise left out of the search;
* declarations and announcements are made as the heuristic bot makes them (always, the
  most valuable first: they only add points);
* everything else - card plays, bids and passes, calls, give-backs, discards, takes,
  aggravations, choices - is searched: a bid is valued by the deals that follow it, with
  the other seats bidding and every seat playing as the rollouts do; only the cheapest
  few bids are branched on (`search_moves`: many noisy bids make one look best by luck);
* below the root a node widens with its visits (`widen`), its first child the heuristic
  bot's choice, so that a contract is valued over sensible calls and discards by its
  declarer, not over every one tried once;
* in a game with an auction the worlds are weighted by it (`bid_reading.AuctionWorlds`):
  a seat that bid is dealt a hand the heuristic would have bid, one that passed a weaker;
* with `read_play` (off by default) the worlds are weighted by the deal's card play too
  (`play_reading.PlayWorlds`): each world's deal is replayed and a world where the other
  seats' cards are the heuristic's choices is kept more often. Why it was tried: given
  the true hands as its only world, this search won 69% of `tressette` deals against the
  heuristic, against about 54.5% over uniform worlds; why it is off: it places only some
  7 points more of the hidden cards right and won 54.6% of 280 games (docs/bots.md,
  session 12), at a third or more of the decision's CPU;
* `reward=deals` values a rollout (the tree's and the rollout improvement's) by whether
  the deal was won instead of by the points margin (the arena's share counts deals won;
  a match is won by points);
* a speech of its own (it may bid) samples every option alike at the root, and bids when
  the best bid's mean, read with `bid_edge`, beats the pass: as if that share of the
  bid's losing iterations had been won. Why: the rollouts play the contract that follows
  far worse than this bot does (greedy cards, the heuristic's call and discards, every
  seat seeing all hands, so the defenders combine perfectly): in `calabresella` this bot
  as soloist made 11 of 18 chiamo contracts on hands every heuristic passed, where its
  rollouts gave the same hands 5-40%, and the bot bid almost never. The edge decides
  whether to speak, never which bid (it grows with the stakes: read into every bid it
  made the hardest contract look best).
* ``policy=heuristic`` (the default since session 9) makes every decision but a speech
  without the tree, by rollout improvement of the heuristic bot (`search_improve`): each
  sampled world is finished by the heuristic in every seat after each candidate, and the
  heuristic's own choice stands unless another is clearly better on the same worlds.
  The greedy rollouts see every hand, so partners and defenders play nothing like the
  bots the search meets; against the session-8 heuristic, at the tree's CPU a decision,
  it was better than the tree in `calabresella` and `briscola-chiamata` and as good in
  `tressette` and `tressette-in-due` (docs/bots.md, sessions 8 and 9). Speeches stay on
  the tree (`bid_edge`), whose rollouts value a contract; ``policy=greedy`` is the tree
  for every decision;
* two options give the tree the heuristic's knowledge, off by default (session 7: against the
  session-7 heuristic neither was clearly better on 80 paired `tressette` games, see
  docs/bots.md): `endgame` plays the last tricks without a tree (`_last_tricks`), `trust`
  keeps the heuristic's root choice unless the search's is clearly better (`_hint`).

The outcome of a deal for seat x is its change of match total less the mean change of all
seats (so points of the other side count against it; negated when ``match.winner`` is
``lowest``, where points are penalties), plus the match target when the deal ends the
match, for the winners, minus it for the others. Budget: `iters` iterations (the tree's;
with ``policy=heuristic`` rollouts on the interpreter, whole worlds, at least one: a
rollout costs 2-17 tree iterations by the ruleset, so the same `iters` is not the same
CPU), or `time` seconds of this process's CPU time (so a loaded machine does not starve
the search; the result then still depends on the machine's speed). With `iters` the
decision is a pure function of the observation, the worlds and `rng`.
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Iterable, Sequence

from tressette_dsl.agents import perspective
from tressette_dsl.agents.action_words import card_of, verb
from tressette_dsl.agents.base import Worlds, WorldSource
from tressette_dsl.agents.bid_reading import AuctionWorlds
from tressette_dsl.agents.endgame import solve
from tressette_dsl.agents.endgame_worlds import MAX_CARDS, sampled_totals
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.agents.play_reading import PlayMemo, PlayWorlds
from tressette_dsl.agents.rollout import RolloutPolicy
from tressette_dsl.agents.search_improve import improve
from tressette_dsl.agents.search_moves import BidOrder, fold_signals, search_keys
from tressette_dsl.engine import apply, deal_over, is_over, legal_actions, observe
from tressette_dsl.engine.actions import Action, Bid, Play
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

_FOLLOW_HEURISTIC = ("declare", "announce")


class _Node:
    __slots__ = ("avail", "children", "losses", "lost", "total", "visits", "wins", "won")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        # the outcomes above and below zero apart (count, sum): the root's bids read them
        self.wins, self.won = 0, 0.0
        self.losses, self.lost = 0, 0.0

    def credit(self, reward: float) -> None:
        self.visits += 1
        self.total += reward
        if reward > 0:
            self.wins += 1
            self.won += reward
        elif reward < 0:
            self.losses += 1
            self.lost += reward

    def mean(self, edge: float = 0.0) -> float:
        """The mean outcome; with `edge`, as if that share of the iterations lost (at
        most all of them) had been won instead, each loss worth its mean and each win
        its mean (the loss's opposite before any was seen). See `SearchAgent.bid_edge`."""
        if not self.visits:
            return 0.0
        mean = self.total / self.visits
        if edge <= 0 or not self.losses:
            return mean
        lost = self.lost / self.losses
        won = self.won / self.wins if self.wins else -lost
        return mean + min(edge, self.losses / self.visits) * (won - lost)


class SearchAgent:
    """Rollout improvement of the heuristic (``policy=heuristic``), ISMCTS over compiled
    playouts for speeches (and every decision with ``policy=greedy``); `iters` iterations
    (or `time` seconds) a decision."""

    name = "search"
    needs_worlds = True

    def __init__(
        self,
        iters: int = 200,
        time: float | None = None,
        *,
        c: float = 0.7,
        epsilon: float = 0.1,
        claim_worlds: int = 16,
        max_depth: int = 12,
        max_actions: int = 5000,
        max_bids: int = 3,
        widen: float = 0.5,
        read_bids: int = 1,
        bids: str = "search",
        bid_edge: float = 0.4,
        endgame: int = 0,
        trust: float = 0.0,
        policy: str = "heuristic",
        z: float = 1.0,
        race: float = 2.0,
        read_play: int = 0,
        reward: str = "points",
        play_mismatch: float = 0.3,
    ) -> None:
        if iters < 1:
            raise ValueError("iters must be at least 1")
        if time is not None and time <= 0:
            raise ValueError("time must be a positive number of seconds")
        self.iters = iters
        self.time = time
        self.c = c
        self.epsilon = epsilon
        self.claim_worlds = claim_worlds
        self.max_depth = max_depth
        self.max_actions = max_actions
        if max_bids < 1:
            raise ValueError("max_bids must be at least 1")
        self.max_bids = max_bids
        self.widen = widen
        self.read_bids = bool(read_bids)
        if bids not in ("search", "heuristic"):
            raise ValueError("bids must be 'search' or 'heuristic'")
        self.bids = bids
        if not 0 <= bid_edge <= 1:
            raise ValueError("bid_edge must be a share between 0 and 1")
        self.bid_edge = bid_edge
        if endgame not in (0, 1, 2):
            raise ValueError("endgame must be 0 (off), 1 (exact) or 2 (exact and sampled)")
        self.endgame = endgame
        if trust < 0:
            raise ValueError("trust must not be negative")
        self.trust = trust
        if policy not in ("greedy", "heuristic"):
            raise ValueError("policy must be 'greedy' or 'heuristic'")
        self.policy = policy
        if z < 0:
            raise ValueError("z must not be negative")
        self.z = z
        if race < 0:
            raise ValueError("race must not be negative")
        self.race = race
        if read_play < 0:
            raise ValueError("read_play must not be negative (0 turns it off)")
        self.read_play = read_play
        if not 0 < play_mismatch <= 1:
            raise ValueError("play_mismatch must be a share above 0 and at most 1")
        self.play_mismatch = play_mismatch
        if reward not in ("points", "deals"):
            raise ValueError("reward must be 'points' or 'deals'")
        self.by_deal = reward == "deals"
        self.play_memo = PlayMemo()  # the heuristic's choices read, kept through a deal
        self.heuristic = HeuristicAgent()
        self.iterations_done = 0  # of the last decision, for measurements

    def act(
        self,
        rules: Ruleset,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        *,
        worlds: WorldSource | None = None,
    ) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if any(verb(a) in _FOLLOW_HEURISTIC for a in legal) or (
            self.bids == "heuristic" and any(isinstance(a, Bid) for a in legal)
        ):
            return self.heuristic.act(rules, observation, legal, rng)
        if worlds is None:
            raise ValueError("the search agent needs its seat's worlds (see agents.base.choose)")
        plain_worlds = worlds if isinstance(worlds, Worlds) else None
        if self.read_bids and observation.auction and isinstance(worlds, Worlds):
            worlds = AuctionWorlds(worlds)
        claims = [a for a in legal if str(a) == "claim"]
        if claims and self._claim_is_right(rules, worlds, claims[0], rng):
            return claims[0]
        pick_worlds: WorldSource | None = plain_worlds  # the heuristic's sampled endgame's
        if self.read_play:  # after the claim: a claim must hold in every world, likely or not
            worlds = self._read_play(worlds)
            if plain_worlds is not None:
                pick_worlds = self._read_play(plain_worlds)
        groups = search_keys(legal, BidOrder(rules), self.max_bids)
        if not groups:
            return legal[0]
        keys = list(groups)
        bids = [k for k, v in groups.items() if isinstance(v[0], Bid)]
        last = self._last_tricks(rules, observation, legal, groups, worlds=worlds, rng=rng)
        if last is not None:
            chosen = last
        elif len(keys) == 1:
            chosen = keys[0]
        elif self.policy == "heuristic" and not bids:
            pick = self.heuristic.act(rules, observation, legal, rng, worlds=pick_worlds)
            return self._improve(groups, rules, observation, worlds, rng, pick=pick)
        else:
            hint = self._hint(rules, observation, legal, groups, rng) if self.trust else None
            chosen = self._search(rules, worlds, keys, rng, bids, hint=hint)
        variants = groups[chosen]
        if len(variants) == 1:
            return variants[0]
        return self.heuristic.act(rules, observation, variants, rng)

    def _read_play(self, worlds: WorldSource) -> PlayWorlds:
        """`worlds` weighted by the deal's card play (`play_reading`), the heuristic's
        choices read kept through the deal."""
        return PlayWorlds(
            worlds, tries=self.read_play, mismatch=self.play_mismatch, memo=self.play_memo
        )

    # --- the heuristic's knowledge ------------------------------------------------------------

    def _last_tricks(
        self,
        rules: Ruleset,
        observation: Observation,
        legal: Sequence[Action],
        groups: dict[str, list[Action]],
        *,
        worlds: WorldSource,
        rng: random.Random,
    ) -> str | None:
        """The card key to play in the last tricks without a tree (`endgame`): once the
        hands hold at most `endgame_worlds.MAX_CARDS` cards, the exact solver's card where
        the observation places every card (exact play, which no number of iterations can
        beat), else (``endgame=2``) the card with the best margin summed over the sampled
        worlds each solved exactly (`endgame_worlds.sampled_totals`, the heuristic's
        sampled endgame), the heuristic's card among equals. None (search as usual) when
        neither applies: not only card plays, too many cards, not the solver's game, or a
        world out of budget."""
        if not self.endgame or sum(observation.hand_sizes) > MAX_CARDS:
            return None
        if len(groups) < 2 or not all(isinstance(v[0], Play) for v in groups.values()):
            return None
        cards = [card_of(v[0]) for v in groups.values()]
        key = {card_of(v[0]): k for k, v in groups.items()}
        preferred = card_of(self.heuristic.act(rules, observation, legal, rng))
        solved = solve(rules, observation, cards, preferred)
        if solved is not None:
            return key[solved[0]]
        if self.endgame < 2:
            return None
        totals = sampled_totals(rules, observation, cards, worlds=worlds, rng=rng)
        if totals is None:
            return None
        return key[max(cards, key=lambda c: (totals[c], c == preferred))]

    def _hint(
        self,
        rules: Ruleset,
        observation: Observation,
        legal: Sequence[Action],
        groups: dict[str, list[Action]],
        rng: random.Random,
    ) -> str | None:
        """The key of the heuristic bot's choice here (without its sampled endgame: no
        worlds), which the root keeps unless another is clearly better (`trust`)."""
        pick = self.heuristic.act(rules, observation, legal, rng)
        for key, variants in groups.items():
            if pick in variants:
                return key
        return None

    def _improve(
        self,
        groups: dict[str, list[Action]],
        rules: Ruleset,
        observation: Observation,
        worlds: WorldSource,
        rng: random.Random,
        *,
        pick: Action,
    ) -> Action:
        """``policy=heuristic``: the heuristic bot's choice `pick` (with its sampled
        endgame), or a candidate clearly better when every world is finished by the
        heuristic in every seat (`search_improve`). A candidate is a key with the variant
        (signal) the heuristic would add to it, so that the rollouts play what would be
        played."""
        candidates: dict[str, Action] = {}
        preferred = ""
        for key, variants in groups.items():
            if pick in variants:
                candidates[key], preferred = pick, key
            elif len(variants) == 1:
                candidates[key] = variants[0]
            else:
                candidates[key] = self.heuristic.act(rules, observation, variants, rng)
        if not preferred:
            return pick
        seat = worlds.seat
        reverse = rules.match.winner == "lowest"
        bonus = rules.match.target or 100

        def reward(world: GameState, end: GameState) -> float:
            before = perspective.totals(rules, world)
            me = perspective.person_deciding(rules, world, seat)
            outcomes = deal_outcomes(
                rules, before, end, reverse=reverse, bonus=bonus, by_deal=self.by_deal
            )
            return outcomes[me]

        chosen, spent = improve(
            rules,
            worlds,
            candidates,
            preferred,
            rng,
            reward=reward,
            rollouts=self.iters,
            seconds=self.time,
            z=self.z,
            race=self.race,
        )
        self.iterations_done = spent
        return candidates[chosen]

    # --- claims ------------------------------------------------------------------------------

    def _claim_is_right(
        self, rules: Ruleset, worlds: WorldSource, claim: Action, rng: random.Random
    ) -> bool:
        """Does the claim win the match in every sampled world?"""
        seat = worlds.seat
        for _ in range(self.claim_worlds):
            world = worlds.sample(rng)
            after, _events = apply(rules, world, claim)
            me = perspective.person_deciding(rules, world, seat)  # whom the bot plays
            if not (is_over(after) and me in perspective.winners(rules, after)):
                return False
        return True

    # --- the tree ------------------------------------------------------------------------------

    def _search(
        self,
        rules: Ruleset,
        worlds: WorldSource,
        keys: Sequence[str],
        rng: random.Random,
        bids: Sequence[str] = (),
        *,
        hint: str | None = None,
    ) -> str:
        root = _Node()
        run = _Run(
            rules,
            keys,
            RolloutPolicy(rules, rng, epsilon=self.epsilon, heuristic=self.heuristic),
            self,
            bids,
        )
        deadline = None if self.time is None else _time.process_time() + self.time
        done = 0
        while True:
            if deadline is not None:
                if done and _time.process_time() >= deadline:
                    break
            elif done >= self.iters:
                break
            done += 1
            run.iterate(root, worlds.sample(rng), rng)
        self.iterations_done = done
        scored = [k for k in keys if k in root.children and root.children[k].visits]
        if not scored:
            return keys[0]

        if run.bids:
            return self._speech(root, scored, run.bids)

        def rank(key: str) -> tuple[int, float]:
            child = root.children[key]
            return (child.visits, child.mean())

        best = max(scored, key=rank)
        if hint is not None and hint in scored and hint != best:
            # the heuristic's choice stands unless the search's is better on average by
            # more than `trust` of the outcomes' root mean square: at these budgets two
            # children's means differ by about that much by chance alone
            gap = root.children[best].mean() - root.children[hint].mean()
            if gap <= self.trust * run.scale:
                return hint
        return best

    def _speech(self, root: _Node, scored: Sequence[str], bids: frozenset[str]) -> str:
        """A speech, every option sampled alike (`_Run.select`): the bid with the best
        mean, if its mean read with `bid_edge` beats the best of the rest (the pass);
        else that. The edge decides whether to speak, never which bid: it grows with a
        contract's stakes, and read into every bid it made the hardest contract look
        best on hands that lose it."""
        mine = [k for k in scored if k in bids]
        rest = [k for k in scored if k not in bids]

        def mean(key: str) -> float:
            return root.children[key].mean()

        if not mine or not rest:
            return max(scored, key=mean)
        bid, other = max(mine, key=mean), max(rest, key=mean)
        return bid if root.children[bid].mean(self.bid_edge) > mean(other) else other


class _Run:
    """One decision's search: the tree walk, the rollout and the credit of an iteration."""

    def __init__(
        self,
        rules: Ruleset,
        keys: Sequence[str],
        policy: RolloutPolicy,
        agent: SearchAgent,
        bids: Iterable[str] = (),
    ) -> None:
        self.rules, self.keys, self.policy, self.agent = rules, set(keys), policy, agent
        self.bids = frozenset(bids)  # this seat's bids at the root (`SearchAgent.bid_edge`)
        self.reverse = rules.match.winner == "lowest"
        self.bonus = rules.match.target or 100
        # UCB's exploration in outcome units: the root mean square of the outcomes seen.
        # Not their largest: one aggravated contract lost by stramazzo (48 units where a
        # deal is usually worth 1-4) made every node explore all but uniformly, the other
        # seats' bids too, so that a pass looked good because they then bid at random.
        self.scale = 1.0
        self.squares, self.outcomes = 0.0, 0
        self.before: tuple[int, ...] | None = None
        self.order = BidOrder(rules)

    def iterate(self, root: _Node, world: GameState, rng: random.Random) -> None:
        rules = self.rules
        if self.before is None:  # the match totals so far are public: any world has them
            self.before = perspective.totals(rules, world)
        path: list[tuple[_Node, int]] = []
        node, state, depth = root, world, 0
        while not deal_over(state) and state.to_act is not None and depth < self.agent.max_depth:
            # the person whose outcome the node is valued for (`agents.perspective`)
            actor = perspective.person_deciding(rules, state, state.to_act)
            options = search_keys(legal_actions(rules, state), self.order, self.agent.max_bids)
            if depth == 0:  # the root: this seat's own choices, as its view lists them
                options = {k: v for k, v in options.items() if k in self.keys} or options
            if not options:
                break
            tried = 0
            for key in options:
                child = node.children.get(key)
                if child is not None:
                    child.avail += 1
                    tried += 1
            untried = [key for key in options if key not in node.children]
            widen = self.agent.widen > 0 and depth > 0
            expand = bool(untried) and (not widen or tried < self.room(node))
            if expand:
                key = self.first_choice(
                    state, state.to_act, options, untried, rng, random_pick=not widen
                )
                child = node.children[key] = _Node()
                child.avail = 1
            else:
                key = self.select(
                    node, {k: v for k, v in options.items() if k in node.children}, root=not depth
                )
                child = node.children[key]
            state, _events = apply(rules, state, options[key][0])
            path.append((child, actor))
            node = child
            depth += 1
            if expand:
                break
        end = state
        if not deal_over(state) and not state.over:
            from tressette_dsl.compiled import playout  # noqa: PLC0415 - agents load first

            end = playout(rules, state, policy=self.policy, max_actions=self.agent.max_actions)
        rewards = self.rewards(end)
        self.squares += sum(r * r for r in rewards)
        self.outcomes += len(rewards)
        self.scale = max(1.0, math.sqrt(self.squares / self.outcomes))
        for child, actor in path:
            child.credit(rewards[actor])

    def room(self, node: _Node) -> int:
        """Progressive widening below the root: a node visited v times has at most
        ``1 + widen * sqrt(v)`` children, so that a bid's value is not the mean over
        random calls and discards tried once each (the declarer's later choices, one
        untried child an iteration, made every contract look worse than passing)."""
        return 1 + int(self.agent.widen * math.sqrt(node.visits))

    def first_choice(
        self,
        state: GameState,
        seat: int,
        options: dict[str, list[Action]],
        untried: list[str],
        rng: random.Random,
        *,
        random_pick: bool,
    ) -> str:
        """The child to add: at the root (or without widening) a random untried one
        (every one gets tried); below it, what the heuristic bot would choose in that seat
        of this world when still untried (the widening's first child is the sensible
        move), else a random one."""
        if random_pick or len(untried) == 1:
            return untried[rng.randrange(len(untried))]
        plain = [v[0] for v in options.values()]
        try:
            view = observe(self.rules, state, seat)  # the seat to act, not the person
            pick = self.agent.heuristic.act(self.rules, view, plain, rng)
        except (ValueError, KeyError, IndexError):
            pick = None
        for key in untried:
            if pick is not None and options[key][0] == pick:
                return key
        return untried[rng.randrange(len(untried))]

    def select(self, node: _Node, options: dict[str, list[Action]], *, root: bool = False) -> str:
        """UCB1 with availability counts (ISMCTS): a child's log term counts the visits to
        its parent in which it was legal, not all of them.

        At the root of a speech (this seat may bid) every option is sampled alike instead:
        only the choice made there counts (simple regret, not UCB's cumulative one), and
        UCB starved the bids - two rollouts of a contract that lost both, against a pass
        worth about nothing, and the contract was never tried again in 450 iterations."""
        if root and self.bids:  # a speech: every option sampled alike, the fewest visits next
            return min(options, key=lambda key: node.children[key].visits)
        best_key, best = "", -math.inf
        c = self.agent.c * self.scale
        for key in options:
            child = node.children[key]
            mean = child.mean()
            bound = mean + c * math.sqrt(math.log(max(child.avail, 1)) / max(child.visits, 1))
            if bound > best:
                best_key, best = key, bound
        return best_key

    def rewards(self, end: GameState) -> list[float]:
        """Per person, the deal's outcome (`deal_outcomes`)."""
        assert self.before is not None
        return deal_outcomes(
            self.rules,
            self.before,
            end,
            reverse=self.reverse,
            bonus=self.bonus,
            by_deal=self.agent.by_deal,
        )


def deal_outcomes(
    rules: Ruleset,
    before: Sequence[int],
    end: GameState,
    *,
    reverse: bool,
    bonus: int,
    by_deal: bool = False,
) -> list[float]:
    """Per person (`agents.perspective`: the seats, unless the people move round them),
    the outcome of the deal that ended as `end` from the match totals `before` (see the
    module's docstring); with `by_deal` (``search:reward=deals``) only whether the deal
    was won: 1, 0 or -1 by the sign of the gain less the mean."""
    gains = perspective.gains(rules, before, end)
    mean = sum(gains) / len(gains)
    sign = -1.0 if reverse else 1.0
    out = [sign * (g - mean) for g in gains]
    if by_deal:
        out = [float((r > 0) - (r < 0)) for r in out]
    won = perspective.winners(rules, end) if is_over(end) else frozenset()
    if won:
        out = [r + (bonus if x in won else -bonus) for x, r in enumerate(out)]
    return out


__all__ = ["SearchAgent", "fold_signals"]
