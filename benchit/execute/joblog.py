"""A script's output log in the cache: the first LOG_LIMIT bytes kept, then only a tail."""

from __future__ import annotations

import collections
from pathlib import Path
from typing import IO

LOG_LIMIT = 8 << 20  # bytes of a script's output kept from its start
LOG_TAIL = 64 << 10  # bytes kept from its end when the output is longer


class JobLog:
    """Writes a job's output to ``path`` as it arrives, bounded."""

    def __init__(self, path: Path):
        self.path = path
        self.file: IO[bytes] | None = open(path, "wb")
        self.written = 0
        self.dropped = 0
        self.tail: collections.deque[bytes] = collections.deque()

    def write(self, data: bytes) -> None:
        if self.file is None:
            return
        room = LOG_LIMIT - self.written
        if room > 0:
            self.file.write(data[:room])
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
        if self.dropped:
            tail = b"".join(self.tail)[-LOG_TAIL:]
            self.file.write(
                f"\n[benchit: {self.dropped} bytes of output not kept; the last {len(tail)} follow]\n".encode() + tail
            )
        self.file.close()
        self.file = None

    def last(self, limit: int = 2000) -> str:
        """The end of the output, for an error's traceback."""
        try:
            data = b"".join(self.tail) if self.tail else self.path.read_bytes()[-limit:]
        except OSError:
            return ""
        return data[-limit:].decode("utf-8", errors="replace").strip()
