"""``tressette serve [RULESET_OR_FOLDER...]``: the browser table (docs/web.md).

Serves a page where people open a table of any offered ruleset (every bundled one, and the
files or folders given here), seat humans and bots, share the table's link, and play. It
listens on 127.0.0.1 unless ``--host`` says otherwise, and then says which interfaces it
exposes the game on. Needs the optional extra: ``pip install 'tressette-dsl[web]'``.
Exit status: 0 stopped normally, 2 a bad command line, a ruleset that does not load, or the
extra not installed.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import socket
import sys
from pathlib import Path

EXIT_OK, EXIT_USAGE = 0, 2
MAX_WS_FRAME = 64 * 1024  # bytes: uvicorn closes a connection that sends a larger frame


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Serve the browser table: open tables, seat humans and bots, play."
    parser.add_argument(
        "rulesets",
        nargs="*",
        metavar="RULESET_OR_FOLDER",
        help="house-rule files or folders of them to offer besides the bundled rulesets",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: %(default)s)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default: %(default)s)")
    parser.add_argument(
        "--log-dir",
        default="tressette-logs",
        metavar="DIR",
        help="where game logs are written as the games go (default: %(default)s)",
    )
    parser.add_argument(
        "--idle-timeout",
        type=float,
        default=1800.0,
        metavar="SECONDS",
        help="close a table nobody is connected to after this long (default: %(default)s)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="pause before each bot move, so people can follow (default: %(default)s)",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=2,
        metavar="N",
        help="worker processes for the bots (0: threads; default: %(default)s)",
    )

    parser.add_argument(
        "--rate",
        type=float,
        default=20.0,
        metavar="N",
        help="messages a second one connection may send on average (default: %(default)s)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # noqa: PLC0415 - the optional extra

        from tressette_dsl.web.app import Config, Limits, create_app  # noqa: PLC0415
    except ImportError as exc:
        print(
            f"tressette serve: needs the web extra ({exc.name} is missing): "
            "pip install 'tressette-dsl[web]'",
            file=sys.stderr,
        )
        return EXIT_USAGE
    from tressette_dsl.web.catalog import Catalog, CatalogError  # noqa: PLC0415

    unknown = _unknown_ids(args.rulesets)
    if unknown:
        print(
            f"tressette serve: no bundled ruleset, file or folder {unknown[0]!r}", file=sys.stderr
        )
        return EXIT_USAGE
    try:
        catalog = Catalog(args.rulesets)
    except CatalogError as exc:
        print(f"tressette serve: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not 0 < args.port < 65536:
        print("tressette serve: --port must be 1..65535", file=sys.stderr)
        return EXIT_USAGE
    config = Config(
        catalog=catalog,
        log_dir=Path(args.log_dir),
        idle_timeout=args.idle_timeout,
        bot_delay=max(0.0, args.bot_delay),
        bot_workers=max(0, args.bot_workers),
        limits=Limits(rate=max(0.1, args.rate), burst=max(1, int(2 * args.rate))),
    )
    for line in exposure(args.host):
        print(line, file=sys.stderr)
    print(
        f"tressette serve: {len(catalog.entries)} rulesets; logs in {config.log_dir}; "
        f"open http://{_url_host(args.host)}:{args.port}/",
        file=sys.stderr,
    )
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    uvicorn.run(
        create_app(config),
        host=args.host,
        port=args.port,
        ws_max_size=MAX_WS_FRAME,
        log_level="warning",
    )
    return EXIT_OK


def exposure(host: str) -> list[str]:
    """A warning naming the interfaces when `host` is not a loopback address."""
    try:
        if ipaddress.ip_address(host).is_loopback:
            return []
    except ValueError:
        if host == "localhost":
            return []
    if host in ("0.0.0.0", "::"):
        where = ", ".join(_local_addresses()) or "every interface"
        what = f"all interfaces ({where})"
    else:
        what = host
    return [
        f"tressette serve: WARNING: listening on {what}: anyone who can reach this machine "
        "on the network can open tables and watch games here"
    ]


def _local_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None)
    except OSError:
        return []
    return sorted({str(info[4][0]) for info in infos})


def _url_host(host: str) -> str:
    if host in ("0.0.0.0", "::"):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def _unknown_ids(refs: list[str]) -> list[str]:
    from tressette_dsl.loader import bundled_ids  # noqa: PLC0415

    ids = bundled_ids()
    return [r for r in refs if not Path(r).exists() and "/" not in r and r not in ids]
