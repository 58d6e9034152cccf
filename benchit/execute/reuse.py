"""Which artifacts of a script's earlier builds a new run may reuse: only files benchit wrote, unchanged."""

from __future__ import annotations

from benchit.config import Config
from benchit.messages import Artifact
from benchit.naming import safe_component
from benchit.store.cache import Cache


def reusable(cache: Cache, config: Config, builds: list[str]) -> tuple[Artifact, ...]:
    """The artifacts of earlier builds, as paths a worker may read (a remote executor inlines them)."""
    if config.rebuild == "always":
        return ()
    found = []
    for build in builds:
        folder = cache.artifacts_dir(build)
        record = cache.read_build(build)
        for name, facts in sorted(record.artifacts.items() if record else ()):
            if not safe_component(name):  # read_build already refuses such a record; never leave the folder
                continue
            path = folder / name
            if not path.is_file() or path.is_symlink():
                continue
            # Only the file this user's benchit wrote (its digest recorded at write time) is
            # reused; one changed or put there by someone else is rebuilt.
            digest = cache.artifact_digest(build, name)
            if digest is None or digest != facts.sha256:
                cache.warnings.append(
                    f"not reusing {path}: its content is not the one benchit recorded when writing it; rebuilding it"
                )
                continue
            found.append(Artifact(build, name, digest, path.stat().st_size, path=str(path)))
    return tuple(found)
