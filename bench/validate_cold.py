"""Cold-start time of ``tressette validate FILE``: N fresh interpreters, median wall time.

Usage: python bench/validate_cold.py [-n 15] [FILE...]   (default: rulesets/tressette.yaml)

Each run is a new ``python -m tressette_dsl validate -q FILE`` process, so the imports, the
JSON Schema, the expression parser and the compiler all start cold, as a user's command
does. The start-up of a bare interpreter is printed beside it for scale.

The modules' bytecode is compiled once, before the timed runs, into a private folder
(`PYTHONPYCACHEPREFIX`), as an installed package has it: with `PYTHONDONTWRITEBYTECODE` set
(some shells and CI images set it) every run would otherwise compile every changed module
again and time the compiler of Python, not the start of `tressette validate`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str], runs: int, env: dict[str, str]) -> list[float]:
    subprocess.run(command, cwd=ROOT, capture_output=True, check=False, env=env)  # compile
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=False, env=env)
        times.append(time.perf_counter() - start)
    return times


def bytecode_env(folder: str) -> dict[str, str]:
    """The environment with bytecode written to (and read from) `folder`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = folder
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description="median cold time of tressette validate")
    parser.add_argument("-n", "--runs", type=int, default=15)
    parser.add_argument("files", nargs="*", default=["rulesets/tressette.yaml"])
    args = parser.parse_args()
    validate = [sys.executable, "-m", "tressette_dsl", "validate", "-q", *args.files]
    with tempfile.TemporaryDirectory(prefix="validate-cold-") as folder:
        env = bytecode_env(folder)
        times = timed(validate, args.runs, env)
        bare = timed([sys.executable, "-c", "pass"], args.runs, env)
    median, low, high = statistics.median(times), min(times), max(times)
    print(f"tressette validate {' '.join(args.files)}")
    print(f"  median {median:.3f} s (min {low:.3f}, max {high:.3f}, n={args.runs})")
    print(f"  bare interpreter: median {statistics.median(bare):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
