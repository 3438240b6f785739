"""The CPU accounting scripts/test.sh prints per lane (tests/lw/cpu.py): a process tree's CPU seconds count a
live child's work while it runs and keep it once the child has ended and been waited for."""
from __future__ import annotations

import subprocess
import sys
import time

from tests.lw.cpu import process_tree_cpu_seconds

BURN = "import time\nend = time.process_time() + {seconds}\nwhile time.process_time() < end: pass\n{after}"


def test_a_live_childs_cpu_counts_while_it_runs_and_after_it_ends() -> None:
    before = process_tree_cpu_seconds()
    child = subprocess.Popen([sys.executable, "-c", BURN.format(seconds=1.0, after="time.sleep(30)")])
    try:
        deadline = time.monotonic() + 60
        while process_tree_cpu_seconds() - before < 0.9 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert child.poll() is None, "the child is still alive (sleeping): its CPU was read from /proc"
        assert process_tree_cpu_seconds() - before >= 0.9
    finally:
        child.kill()
        child.wait()
    assert process_tree_cpu_seconds() - before >= 0.9, "once waited for, the child's CPU is in RUSAGE_CHILDREN"


def test_a_grandchild_is_counted() -> None:
    before = process_tree_cpu_seconds()
    grandchild = BURN.format(seconds=1.0, after="")
    nested = f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {grandchild!r}], check=True)\n"
    subprocess.run([sys.executable, "-c", nested], check=True)
    assert process_tree_cpu_seconds() - before >= 0.9
