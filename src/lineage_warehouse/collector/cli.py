"""OpenLineage HTTP collector: lands every acknowledged event durably as newline-delimited JSON.

    lineage-warehouse serve --host 127.0.0.1 --port 5000 --out /data/openlineage
    lineage-warehouse recover --out /data/openlineage
    (or python scripts/collector.py serve ... / recover ..., the same arguments)

`serve` accepts POST /api/v1/lineage with one event, a JSON array of events or {"events": [...]}, optionally
gzip-encoded, and answers 200 {"accepted": N} only once the events are fsynced, and 400 with the reason for what
the warehouse would quarantine (a batch with one such item is refused whole). GET /health tells whether the writer
runs, GET /metrics serves Prometheus metrics, and every request gets one access-log line (stderr by default). Closed files are `<out>/events-<utc>-<writer>-<seq>.jsonl`, ready for
`dbt build --vars '{events_path: "<out>/*.jsonl"}'`; open files live in `<out>/.tmp/` under names no `*.json*` glob
matches. At start-up, segments left open by a killed collector are closed (`recover` does only that).
Design and limits: docs/collector.md and docs/decisions/README.md#collector.
"""
from __future__ import annotations

import argparse
import logging
import os
import re
import socket
import sys
from pathlib import Path

from lineage_warehouse.collector.app import Settings, create_app
from lineage_warehouse.collector.landing import Rotation, recover
from lineage_warehouse.version import version_argument

SIZE_UNITS = {"": 1, "k": 1024, "kib": 1024, "m": 1024**2, "mib": 1024**2, "g": 1024**3, "gib": 1024**3}


def size(text: str) -> int:
    """A byte count such as 1048576, 512KiB, 64M or 1G (binary units)."""
    match = re.fullmatch(r"\s*(\d+)\s*([a-zA-Z]*)\s*", text)
    if not match or match.group(2).lower() not in SIZE_UNITS:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 64MiB)")
    return int(match.group(1)) * SIZE_UNITS[match.group(2).lower()]


def load_tokens(env_name: str | None, token_file: Path | None) -> tuple[bytes, ...]:
    """Bearer tokens: whitespace- or comma-separated in the variable, one a line in the file ('#' comments)."""
    tokens: list[str] = []
    if env_name:
        value = os.environ.get(env_name, "")
        if not value.strip():
            raise SystemExit(f"collector: --token-env {env_name}: the variable is unset or empty")
        tokens += [t for t in re.split(r"[\s,]+", value) if t]
    if token_file:
        lines = token_file.read_text(encoding="utf-8").splitlines()
        found = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
        if not found:
            raise SystemExit(f"collector: --token-file {token_file}: no token in the file")
        tokens += found
    return tuple(t.encode() for t in tokens)


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # accepted sockets inherit it: no Nagle delay
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    settings = Settings(
        out_dir=args.out.resolve(),
        rotation=Rotation(max_bytes=args.max_file_bytes, max_age_s=args.max_file_age),
        max_body_bytes=args.max_body_bytes,
        max_decoded_bytes=args.max_decoded_bytes,
        tokens=load_tokens(args.token_env, args.token_file),
        access_log=None if args.access_log == "off" else args.access_log,
    )
    sock = bind(args.host, args.port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    auth = f"bearer auth with {len(settings.tokens)} token(s)" if settings.tokens else "no auth"
    print(f"collector: http://{shown}:{port}/api/v1/lineage -> {settings.out_dir} ({auth})", flush=True)
    try:
        app = create_app(settings)
    except OSError as exc:
        raise SystemExit(f"collector: --access-log {args.access_log}: {exc}") from None
    config = uvicorn.Config(
        app, loop="uvloop", http="httptools", lifespan="on", access_log=False,
        log_level=args.log_level, timeout_graceful_shutdown=10, backlog=4096,
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", **version_argument())
    commands = parser.add_subparsers(dest="command", required=True)

    s = commands.add_parser("serve", help="run the collector", description="Run the HTTP collector.")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    s.add_argument("--port", type=int, default=5000, help="port (default 5000; 0 picks a free one, printed)")
    s.add_argument("--out", type=Path, required=True, help="landing directory (created if missing)")
    s.add_argument("--max-file-bytes", type=size, default=size("64MiB"),
                   help="close a file once it holds this much (default 64MiB)")
    s.add_argument("--max-file-age", type=float, default=60.0,
                   help="close a file this many seconds after its first event (default 60)")
    s.add_argument("--max-body-bytes", type=size, default=size("16MiB"),
                   help="largest request body as sent, 413 beyond (default 16MiB)")
    s.add_argument("--max-decoded-bytes", type=size, default=size("64MiB"),
                   help="largest body after gzip decoding, 413 beyond (default 64MiB)")
    s.add_argument("--token-env", metavar="VAR",
                   help="require a bearer token: tokens from this environment variable (comma/space separated)")
    s.add_argument("--token-file", type=Path, metavar="PATH",
                   help="require a bearer token: tokens from this file, one a line")
    s.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    s.add_argument("--access-log", default="-", metavar="PATH",
                   help="one line per request (method, path, status, events, bytes, ms) to this file, appended "
                        "('-': stderr, the default; 'off': none)")

    r = commands.add_parser("recover", help="close the files a killed collector left open, then exit",
                            description="Close the open files of dead collectors (serve does this at start-up).")
    r.add_argument("--out", type=Path, required=True, help="landing directory")

    args = parser.parse_args(argv)
    logging.basicConfig(level=getattr(args, "log_level", "info").upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command == "serve":
        return serve(args)
    report = recover(args.out.resolve())
    print(f"recover: {len(report.closed)} closed, {len(report.partial)} partial tails set aside, "
          f"{len(report.removed)} empty removed, {len(report.busy)} still open by a live collector")
    return 0


if __name__ == "__main__":
    sys.exit(main())
