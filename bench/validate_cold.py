"""Cold-start time of ``tressette validate FILE``: N fresh interpreters, median wall time.

Usage: python bench/validate_cold.py [-n 15] [FILE...]   (default: rulesets/tressette.yaml)

Each run is a new ``python -m tressette_dsl validate -q FILE`` process, so the imports, the
JSON Schema, the expression parser and the compiler all start cold, as a user's command
does. The start-up of a bare interpreter is printed beside it for scale.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description="median cold time of tressette validate")
    parser.add_argument("-n", "--runs", type=int, default=15)
    parser.add_argument("files", nargs="*", default=["rulesets/tressette.yaml"])
    args = parser.parse_args()
    validate = [sys.executable, "-m", "tressette_dsl", "validate", "-q", *args.files]
    times = timed(validate, args.runs)
    bare = timed([sys.executable, "-c", "pass"], args.runs)
    median, low, high = statistics.median(times), min(times), max(times)
    print(f"tressette validate {' '.join(args.files)}")
    print(f"  median {median:.3f} s (min {low:.3f}, max {high:.3f}, n={args.runs})")
    print(f"  bare interpreter: median {statistics.median(bare):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
