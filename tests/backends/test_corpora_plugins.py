"""Named corpora: the benchit_corpora hook, --search-dir NAME, suites, benchit corpora, the example package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO, run_benchit, run_benchit_subprocess, write_script

from benchit import plugins
from benchit.api import Corpus
from benchit.backends.corpora import BUILTIN_CORPORA
from benchit.scan.discovery import walk

MODELS = REPO / "models"
EXAMPLE = REPO / "examples" / "corpus-plugin"
CORPORA = ", ".join(sorted(BUILTIN_CORPORA))

# A local plugin with two corpora whose scripts need modules this Python lacks.
INTERNAL = """
from pathlib import Path

import benchit
from benchit.api import Corpus

HERE = Path(__file__).parent


@benchit.hookimpl
def benchit_corpora():
    return [
        Corpus("gpu-zoo", HERE / "gpu_zoo", "needs a vendor library", ("benchit_no_such_module",), "acme-zoo[gpu]"),
        Corpus("bare", HERE / "bare", "names no install", ("benchit_no_such_module", "json")),
    ]
"""


def internal_plugin(root: Path) -> Path:
    """A --plugins-dir folder whose plugin provides ``gpu-zoo`` (2 scripts, one in skip/) and ``bare``."""
    folder = root / "myplugins"
    folder.mkdir(parents=True)
    (folder / "internal.py").write_text(INTERNAL)
    write_script(folder / "gpu_zoo", "a.py", "import torch\ntorch.nn.Linear(2, 2)(torch.randn(1, 2))\n")
    write_script(folder / "gpu_zoo", "b.py", "import torch\ntorch.nn.Linear(2, 3)(torch.randn(1, 2))\n")
    write_script(folder / "gpu_zoo" / "skip", "c.py", "raise SystemExit(1)\n")
    (folder / "bare").mkdir()
    return folder


# -- the built-in corpora ------------------------------------------------------------------------


def test_the_builtin_corpora_register_through_the_hook_and_are_every_folder_of_models() -> None:
    registry = plugins.load()
    assert registry.corpora == {}  # looked up only when asked for: workers never call the hook
    corpora = registry.load_corpora()
    folders = {p.name for p in MODELS.iterdir() if p.is_dir() and walk(p)}
    assert set(corpora) == folders == set(BUILTIN_CORPORA)
    selftest, plugin = corpora["selftest"]
    assert plugin == "benchit.backends.corpora"
    assert selftest.folder == MODELS / "selftest"
    assert corpora["timm"][0].requires == ("timm",)
    assert corpora["timm"][0].install == "benchit-zoo[timm]"


def test_a_corpus_says_what_to_install_for_the_modules_it_misses(tmp_path: Path) -> None:
    assert Corpus("x", tmp_path, requires=("json",)).needs() is None
    absent = Corpus("x", tmp_path, requires=("json", "benchit_no_such_module", "benchit_no.such"), install="z[y]")
    assert absent.missing() == ["benchit_no_such_module", "benchit_no.such"]
    assert absent.needs() == 'pip install "z[y]"'
    assert Corpus("x", tmp_path, requires=("benchit_no_such_module",)).needs() == "pip install benchit_no_such_module"


# -- --search-dir NAME -----------------------------------------------------------------------------


def test_a_corpus_name_scans_the_corpus_from_any_folder(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", "--all", "--search-dir", "selftest", "--analyze-only", "--cache-dir", cache, cwd=tmp_path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    names = sorted(line.split("/")[-1].split(":")[0] for line in done.stdout.splitlines() if ": ok (" in line)
    assert names == sorted(p.name for p in walk(MODELS / "selftest"))
    assert f"{MODELS / 'selftest'}: 5 scripts (5 with models, 0 without): 5 ok; " in done.stdout


def test_an_existing_directory_wins_over_a_corpus_name(tmp_path: Path) -> None:
    write_script(tmp_path / "selftest", "mine.py", "import torch\ntorch.nn.Linear(2, 2)(torch.randn(1, 2))\n")
    done = run_benchit(
        "benchmark", "--all", "--search-dir", "selftest", "--analyze-only", "--cache-dir", "c", cwd=tmp_path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "[1/1] selftest/mine.py: ok (1 model" in done.stdout
    assert "linear.py" not in done.stdout


def test_an_unknown_name_is_one_line_listing_the_corpora(tmp_path: Path) -> None:
    done = run_benchit("benchmark", "--all", "--search-dir", "nope", "--analyze-only", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"benchit: error: --search-dir nope: no such directory, nor a corpus (corpora: {CORPORA}; see benchit corpora)"
    ]
    assert done.stdout == ""


def test_a_file_is_looked_up_in_a_corpus_given_by_name(tmp_path: Path) -> None:
    done = run_benchit(
        "benchmark", "mlp.py", "--search-dir", "selftest", "--analyze-only", "--cache-dir", "c", cwd=tmp_path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "[1/1] " in done.stdout and "mlp.py: ok (1 model" in done.stdout


def test_a_suites_search_dir_names_a_corpus_and_a_folder_beside_the_suite_wins(tmp_path: Path) -> None:
    (tmp_path / "suite.yaml").write_text("zoo:\n  search_dir: selftest\n")
    done = run_benchit("run", "suite.yaml", "--dry-run", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    listed = sorted(Path(line.split()[0]).name for line in done.stdout.splitlines() if line.startswith("  "))
    assert listed == sorted(p.name for p in walk(MODELS / "selftest"))

    write_script(tmp_path / "selftest", "own.py", "import torch\n")
    done = run_benchit("run", "suite.yaml", "--dry-run", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines() if line.startswith("  ")] == ["selftest/own.py"]

    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "bad.yaml").write_text("zoo:\n  search_dir: [selftest, nope]\n")
    done = run_benchit("run", "other/bad.yaml", "--dry-run", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"benchit: error: --search-dir nope: no such directory, nor a corpus (corpora: {CORPORA}; see benchit corpora)"
    ]


# -- benchit corpora ---------------------------------------------------------------------------------


def test_benchit_corpora_lists_each_corpus_with_its_count_folder_and_package(tmp_path: Path) -> None:
    done = run_benchit("corpora", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"{len(BUILTIN_CORPORA)} corpora; scan one with: benchit benchmark --all --search-dir NAME"
    selftest = next(line for line in lines if line.startswith("selftest "))
    assert selftest.split() == ["selftest", "5", "scripts", "benchit-zoo", str(MODELS / "selftest")]
    timm = next(line for line in lines if line.startswith("timm "))
    assert timm.split()[1] == str(len(walk(MODELS / "timm")))


def test_benchit_corpora_json_is_the_same_list(tmp_path: Path) -> None:
    done = run_benchit("corpora", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads(done.stdout)}
    assert set(rows) == set(BUILTIN_CORPORA)
    assert rows["selftest"] == {
        "name": "selftest",
        "scripts": 5,
        "folder": str(MODELS / "selftest"),
        "description": BUILTIN_CORPORA["selftest"][0],
        "plugin": "benchit.backends.corpora",
        "package": "benchit-zoo",
        "requires": [],
        "missing": [],
        "needs": None,
    }
    assert rows["transformers"]["scripts"] == len(walk(MODELS / "transformers"))
    assert rows["torchvision"]["requires"] == ["torchvision"]


def test_a_plugin_corpus_is_listed_with_what_it_misses_and_scanned_by_name(tmp_path: Path) -> None:
    folder = internal_plugin(tmp_path)
    done = run_benchit("corpora", "--plugins-dir", folder, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0].startswith(f"{len(BUILTIN_CORPORA) + 2} corpora")
    at = next(i for i, line in enumerate(out) if line.startswith("gpu-zoo "))
    assert out[at].split() == ["gpu-zoo", "2", "scripts", str(folder / "internal.py"), str(folder / "gpu_zoo")]
    assert out[at + 1 : at + 3] == ["    needs a vendor library", '    needs: pip install "acme-zoo[gpu]"']
    bare = next(i for i, line in enumerate(out) if line.startswith("bare "))
    assert out[bare + 2] == "    needs: pip install benchit_no_such_module"

    rows = {row["name"]: row for row in json.loads(run_benchit("corpora", "--json", "--plugins-dir", folder).stdout)}
    assert rows["gpu-zoo"]["missing"] == ["benchit_no_such_module"]
    assert rows["gpu-zoo"]["needs"] == 'pip install "acme-zoo[gpu]"'
    assert (rows["gpu-zoo"]["plugin"], rows["gpu-zoo"]["scripts"]) == ("internal", 2)
    assert rows["bare"]["missing"] == ["benchit_no_such_module"]

    scan = run_benchit(
        "benchmark", "--all", "--search-dir", "gpu-zoo", "--plugins-dir", folder, "--analyze-only", "--cache-dir", "c",
        cwd=tmp_path,
    )  # fmt: skip
    assert scan.returncode == 0, scan.stdout + scan.stderr
    assert f"{folder / 'gpu_zoo'}: 2 scripts (2 with models, 0 without): 2 ok; " in scan.stdout


def test_two_plugins_with_one_corpus_name_is_an_error_naming_both(tmp_path: Path) -> None:
    folder = tmp_path / "dupe"
    folder.mkdir()
    (folder / "dupe.py").write_text(
        textwrap.dedent(
            """
            import benchit
            from benchit.api import Corpus

            @benchit.hookimpl
            def benchit_corpora():
                return [Corpus("selftest", "elsewhere")]
            """
        )
    )
    done = run_benchit("corpora", "--plugins-dir", folder)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "benchit: error: corpus 'selftest' is provided by two plugins: benchit.backends.corpora and dupe"
    ]


# -- the example package, installed --------------------------------------------------------------


@pytest.fixture(scope="module")
def acme_installed(tmp_path_factory: Any) -> Path:
    """examples/corpus-plugin built and installed into its own folder (no network, no change to this venv)."""
    target, source = tmp_path_factory.mktemp("acme-site"), tmp_path_factory.mktemp("acme-source") / "corpus-plugin"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("__pycache__"))  # pip builds in its folder
    command = [sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps", "--target", target]
    done = subprocess.run([*command, str(source)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return Path(target)


def test_the_example_corpus_package_installs_lists_and_scans_by_name(tmp_path: Path, acme_installed: Path) -> None:
    env = {"PYTHONPATH": os.pathsep.join([str(REPO), str(acme_installed)])}
    folder = acme_installed / "acme_zoo" / "models"
    # Fresh processes: the package is found on a PYTHONPATH, as an installed one is at start-up.
    done = run_benchit_subprocess("corpora", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    acme = next(line for line in done.stdout.splitlines() if line.startswith("acme "))
    assert acme.split() == ["acme", "2", "scripts", "acme-zoo", str(folder)]
    scan = run_benchit_subprocess(
        "benchmark", "--all", "--search-dir", "acme", "--analyze-only", "--cache-dir", "c", cwd=tmp_path, env=env
    )
    assert scan.returncode == 0, scan.stdout + scan.stderr
    assert f"{folder}: 2 scripts (2 with models, 0 without): 2 ok; " in scan.stdout


# -- the wheel ---------------------------------------------------------------------------------------


def test_the_wheel_carries_every_corpus_script_and_no_skipped_one(tmp_path: Path) -> None:
    # Built from a copy: setuptools' build/ folder in the checkout may hold files removed since.
    source = tmp_path / "source"
    for name in ("benchit", "models"):
        shutil.copytree(REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(REPO / name, source / name)
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", tmp_path, source]
    done = subprocess.run(list(map(str, command)), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = tmp_path.glob("benchit_zoo-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    corpus = {n.removeprefix("benchit_models/") for n in names if n.startswith("benchit_models/")}
    assert corpus == {p.relative_to(MODELS).as_posix() for p in walk(MODELS)}
    assert "benchit/backends/corpora.py" in names
