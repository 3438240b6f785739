"""CPU seconds a test used, in this process and every process under it (docs/decisions/tests-suite-layout.md). On two
busy cores a test's wall time says how long it waited as much as how much it did; its CPU time
says what removing it would save.

The CPU of a process tree, read from /proc (Linux): this process's user and system time, what its waited-for
children used (they include their own waited-for children), and the live descendants' time with their
waited-for children's (the JVM of the in-process Spark session lives across tests: a test is charged what it
used while the test ran).
"""
from __future__ import annotations

import os
import resource
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: str) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:  # the process ended between the listing and the read
        return None
    return text[text.rindex(")") + 2:].split()  # fields from the state on: the command name may hold spaces


def _live_descendants_cpu(root: int) -> float:
    children: dict[int, list[int]] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat_fields(entry)
        if fields is None:
            continue
        pid, parent = int(entry), int(fields[1])
        children.setdefault(parent, []).append(pid)
        # utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 counted from the state
        cpu[pid] = sum(int(value) for value in fields[11:15]) / TICKS
    total, stack = 0.0, list(children.get(root, []))
    while stack:
        pid = stack.pop()
        total += cpu.get(pid, 0.0)
        stack += children.get(pid, [])
    return total


def process_tree_cpu_seconds() -> float:
    """User + system seconds of this process, its waited-for children and its live descendants so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime
            + _live_descendants_cpu(os.getpid()))
