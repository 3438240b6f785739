"""Durable landing of collected events: segments, group commit, rotation and recovery.

An open segment lives in `<out>/.tmp/<base>.open` (a name no `*.json*` glob matches, in a hidden folder) and
is locked with flock(2) by the process writing it (it is created as `<base>.new` and renamed once locked). Every acknowledged line is in it and fsynced. A segment is
closed by renaming it to `<out>/<base>.jsonl`; closed files are never written again. Recovery (at start-up)
closes every `.open` segment whose lock is free, i.e. whose writer is dead: its complete lines become a
closed file and a trailing partial line (never acknowledged) is moved aside to `<base>.partial` in `.tmp`.
"""
from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

log = logging.getLogger("lw_collector")

TMP_DIR = ".tmp"
OPEN_SUFFIX = ".open"
NEW_SUFFIX = ".new"
PARTIAL_SUFFIX = ".partial"
CLOSED_SUFFIX = ".jsonl"


class StorageError(Exception):
    """Events could not be made durable; the request is answered 503 and nothing is acknowledged."""


@dataclass(frozen=True)
class Rotation:
    max_bytes: int
    max_age_s: float


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def publish(open_path: Path, out_dir: Path) -> Path:
    """Rename a fsynced segment to its closed name and stamp it with the time it appeared.

    Landing records a file as landed when its modification second is before the dbt command started; a file
    that appears under the glob after landing listed the files must therefore not look older than that. The
    time is set before the rename (so the file never appears looking older than the moment before it
    appeared) and again after it (a rename is not a modification)."""
    closed = out_dir / (open_path.name.removesuffix(OPEN_SUFFIX) + CLOSED_SUFFIX)
    os.utime(open_path)
    os.rename(open_path, closed)
    fsync_dir(out_dir)
    os.utime(closed)
    return closed


class SegmentWriter:
    """Owns the open segment. Every method runs on one writer thread, one call at a time."""

    def __init__(self, out_dir: Path, rotation: Rotation,
                 on_fsync: Callable[[float], None] | None = None) -> None:
        self.out_dir = out_dir
        self.on_fsync = on_fsync  # called with the seconds each commit's fsync of the open file took
        self.tmp_dir = out_dir / TMP_DIR
        self.rotation = rotation
        self.writer_id = secrets.token_hex(3)
        self.seq = 0
        self.fd: int | None = None
        self.path: Path | None = None
        self.size = 0
        self.opened_at = 0.0
        self.closed_files = 0

    def _open(self) -> None:
        self.seq += 1
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        path = self.tmp_dir / f"events-{stamp}-{self.writer_id}-{self.seq:06d}{OPEN_SUFFIX}"
        # Created under another name and locked before it is named .open: recovery only takes .open files whose
        # lock is free, so it can never take this one between its creation and its lock.
        fresh = path.with_suffix(NEW_SUFFIX)
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.rename(fresh, path)
            fsync_dir(self.tmp_dir)  # the name itself is durable before a line in the file is acknowledged
        except OSError:
            os.close(fd)
            raise
        self.fd, self.path, self.size, self.opened_at = fd, path, 0, time.monotonic()

    def open_age(self) -> float:
        """Seconds since the open segment was opened; 0 when none is open."""
        return time.monotonic() - self.opened_at if self.fd is not None else 0.0

    def seconds_to_age_rotation(self) -> float | None:
        if self.fd is None:
            return None
        return max(0.0, self.opened_at + self.rotation.max_age_s - time.monotonic())

    def commit(self, data: bytes) -> None:
        """Append complete lines and fsync them; then close the segment if it is big or old enough."""
        if data:
            if self.fd is None:
                self._open()
            assert self.fd is not None
            try:
                write_all(self.fd, data)
                started = time.perf_counter()
                os.fsync(self.fd)
                if self.on_fsync is not None:
                    self.on_fsync(time.perf_counter() - started)
            except OSError:
                self._undo()
                raise
            self.size += len(data)
        age = self.seconds_to_age_rotation()
        if self.fd is not None and (self.size >= self.rotation.max_bytes or age == 0.0):
            self.close()

    def _undo(self) -> None:
        """After a failed write, cut the segment back to its acknowledged lines, or give it up to recovery."""
        assert self.fd is not None
        try:
            os.ftruncate(self.fd, self.size)
            os.fsync(self.fd)
        except OSError:
            log.error("segment %s could not be cut back after a failed write; left to recovery", self.path)
            os.close(self.fd)
            self.fd = self.path = None

    def close(self) -> None:
        """Publish the open segment under its closed name (an empty one is removed)."""
        if self.fd is None or self.path is None:
            return
        fd, path, size = self.fd, self.path, self.size
        self.fd = self.path = None
        try:
            if size == 0:
                os.unlink(path)
                return
            closed = publish(path, self.out_dir)
        except OSError as exc:  # its lines are fsynced and acknowledged: never fail their requests for this
            log.error("could not close %s (%s); recovery closes it at the next start", path.name, exc)
            return
        finally:
            os.close(fd)  # releases the lock only once the segment has its closed name (or was given up)
        self.closed_files += 1
        log.info("closed %s (%d bytes)", closed.name, size)


def take_lock(path: Path, report: "RecoveryReport") -> bool:
    """Whether the file's writer is gone: its lock is free (checked and released at once)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        report.busy.append(path)
        return False
    finally:
        os.close(fd)


@dataclass
class RecoveryReport:
    closed: list[Path]
    partial: list[Path]
    removed: list[Path]
    busy: list[Path]


def recover(out_dir: Path) -> RecoveryReport:
    """Close the segments of dead writers (their flock is free); see the module doc."""
    tmp_dir = out_dir / TMP_DIR
    if not tmp_dir.is_dir():
        tmp_dir.mkdir(parents=True)
        fsync_dir(out_dir)
    report = RecoveryReport([], [], [], [])
    for path in sorted(tmp_dir.glob(f"*{NEW_SUFFIX}")):  # created, never written: a writer died in _open
        if take_lock(path, report):
            path.unlink(missing_ok=True)
            report.removed.append(path)
    for path in sorted(tmp_dir.glob(f"*{OPEN_SUFFIX}")):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
        except FileNotFoundError:
            continue  # closed meanwhile by its writer
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                report.busy.append(path)
                continue
            if not path.exists():
                continue  # published between our open and our lock
            data = path.read_bytes()
            cut = data.rfind(b"\n") + 1
            if cut < len(data):
                partial = path.with_name(path.name.removesuffix(OPEN_SUFFIX) + PARTIAL_SUFFIX)
                pfd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
                try:
                    write_all(pfd, data[cut:])
                    os.fsync(pfd)
                finally:
                    os.close(pfd)
                os.ftruncate(fd, cut)
                os.fsync(fd)
                report.partial.append(partial)
                log.warning("recovery: %d bytes after the last complete line of %s (never acknowledged) "
                            "moved to %s", len(data) - cut, path.name, partial)
            if cut == 0:
                os.unlink(path)
                report.removed.append(path)
                continue
            closed = publish(path, out_dir)
            report.closed.append(closed)
            log.warning("recovery: %s closed as %s (%d bytes)", path.name, closed.name, cut)
        finally:
            os.close(fd)
    if report.closed or report.removed or report.partial:
        fsync_dir(tmp_dir)
    return report


class GroupCommitter:
    """Asyncio front of a SegmentWriter: requests wait on one fsync shared by every request queued with them."""

    def __init__(self, writer: SegmentWriter) -> None:
        self.writer = writer
        self._pending: list[tuple[bytes, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="segment-writer")
        self._task: asyncio.Task[None] | None = None
        self.acknowledged_requests = 0
        self.commits = 0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="group-commit")

    @property
    def healthy(self) -> bool:
        return self._task is not None and not self._task.done()

    async def append(self, lines: bytes) -> None:
        """Return once `lines` (complete lines) are on disk; raise StorageError if they could not be."""
        if not self.healthy or self._closing:
            raise StorageError("the writer is not running")
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((lines, future))
        self._wake.set()
        await future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if not self._pending:
                if self._closing:
                    break
                self._wake.clear()
                try:
                    await asyncio.wait_for(self._wake.wait(), self.writer.seconds_to_age_rotation())
                except TimeoutError:
                    pass
            batch, self._pending = self._pending, []
            try:
                await loop.run_in_executor(self._executor, self.writer.commit, b"".join(d for d, _ in batch))
            except Exception as exc:  # noqa: BLE001 - any failure answers the batch, the loop goes on
                log.error("write failed, %d requests answered 503: %s", len(batch), exc)
                for _, future in batch:
                    if not future.done():
                        future.set_exception(StorageError(str(exc)))
                continue
            self.commits += 1
            for _, future in batch:
                if not future.done():
                    future.set_result(None)
                    self.acknowledged_requests += 1

    async def stop(self) -> None:
        """Write what is queued, then close the open segment."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            await self._task
        await asyncio.get_running_loop().run_in_executor(self._executor, self.writer.close)
        self._executor.shutdown(wait=True)
