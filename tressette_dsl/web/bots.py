"""Bots off the event loop: a bot's decision runs in a worker process (or thread), so one
table's thinking never holds up another table or the server's replies.

A decision travels as plain data: the ruleset's source (a bundled id or a file the server
was started with, loaded once per worker), the bot kind, the state (it pickles) and the
seat's `random.Random`, which comes back advanced so a seeded match stays reproducible.
The bot sees what `agents.base.choose` gives it: its seat's observation (and, for a search
bot, a `Worlds` service that samples determinisations for its seat, never the state). The
kind is any seat kind the table accepted (`tables.seat_kinds`): a built-in kind,
``search:iters=N``, or an installed bot.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache, partial

from tressette_dsl.agents import make_agent
from tressette_dsl.agents.base import choose
from tressette_dsl.engine import GameState, legal_actions
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


@cache
def _rules(source: str) -> Ruleset:
    return load_ruleset(source)


def decide(
    source: str, kind: str, state: GameState, rng: random.Random
) -> tuple[str, random.Random]:
    """The action text a bot of `kind` chooses in the seat to act (run in a worker)."""
    rules = _rules(source)
    legal = legal_actions(rules, state)
    action = choose(make_agent(kind), rules, state, legal, rng)
    if action not in legal:
        raise RuntimeError(f"the {kind} bot chose {action}, which is not a legal action")
    return str(action), rng


class BotPool:
    """Worker processes for bots (`workers` > 0), or threads (`workers` == 0)."""

    def __init__(self, workers: int = 2) -> None:
        self._executor: Executor
        if workers > 0:
            # spawn: a fork of a server with threads running could copy held locks
            ctx = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
        else:
            self._executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bot")

    async def decide(
        self, source: str, kind: str, state: GameState, rng: random.Random
    ) -> tuple[str, random.Random]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, partial(decide, source, kind, state, rng))

    def close(self) -> None:
        """Stop the workers as the server stops. Waits for a decision in progress (capped
        at a few seconds by the server's bot limits) and cancels queued ones: without the
        wait the server exited first and left its spawned workers running, orphaned."""
        self._executor.shutdown(wait=True, cancel_futures=True)
