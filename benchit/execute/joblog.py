"""A script's output log in the cache: the first LOG_LIMIT bytes kept, then only a tail."""

from __future__ import annotations

import collections
from typing import IO

from benchit.fs import write_failure
from benchit.store.cache import Cache

LOG_LIMIT = 8 << 20  # bytes of a script's output kept from its start
LOG_TAIL = 64 << 10  # bytes kept from its end when the output is longer


class JobLog:
    """Writes a job's output to its log in the cache as it arrives, bounded. A failed write (a
    full disk) is a ``CacheError`` naming the log."""

    def __init__(self, cache: Cache, key: str):
        self.cache = cache
        self.key = key
        self.path = cache.log_path(key)
        self.file: IO[bytes] | None = cache.open_log(key)  # a link in its place is never followed
        self.written = 0
        self.dropped = 0
        self.tail: collections.deque[bytes] = collections.deque()

    def write(self, data: bytes) -> None:
        if self.file is None:
            return
        room = LOG_LIMIT - self.written
        if room > 0:
            try:
                self.file.write(data[:room])
            except OSError as exc:
                raise write_failure(exc, self.path) from None
            self.written += min(room, len(data))
            data = data[room:]
        if data:
            self.dropped += len(data)
            self.tail.append(data)
            while sum(map(len, self.tail)) - len(self.tail[0]) > LOG_TAIL:
                self.tail.popleft()

    def close(self) -> None:
        if self.file is None:
            return
        file, self.file = self.file, None
        try:
            if self.dropped:
                tail = b"".join(self.tail)[-LOG_TAIL:]
                dropped = f"\n[benchit: {self.dropped} bytes of output not kept; the last {len(tail)} follow]\n"
                file.write(dropped.encode() + tail)
            file.close()
        except OSError as exc:
            raise write_failure(exc, self.path) from None

    def last(self, limit: int = 2000) -> str:
        """The end of the output, for an error's traceback."""
        try:
            data = b"".join(self.tail) if self.tail else self.cache.read_log(self.key)[-limit:]
        except OSError:
            return ""
        return data[-limit:].decode("utf-8", errors="replace").strip()
