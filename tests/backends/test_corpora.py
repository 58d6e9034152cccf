"""The model corpora under models/ work with the real ``benchit`` command.

A fixed sample of cheap scripts from each corpus is analysed in one scan (``benchit benchmark
SCRIPT... --analyze-only -j 2``); the run must succeed, print each script with an ``ok`` status, and
the cache must hold exactly one captured model for each (read back through ``benchit report``).
The full sweep over every script of every corpus is marked ``slow`` (deselected by default; run it
with ``pytest -m slow tests/backends/test_corpora.py``). A corpus's tests are skipped when its library is not
installed.
"""

from __future__ import annotations

import csv
import importlib.util
import os
import re
from pathlib import Path

import pytest
from helpers import REPO, run_benchit

MODELS = REPO / "models"
QUIET = {"TOKENIZERS_PARALLELISM": "false"}

# corpus folder -> the library its scripts need
CORPORA = {
    "torchvision": "torchvision",
    "transformers": "transformers",
    "diffusers": "diffusers",
    "graph_convolutions": "torch_geometric",
    "llm": "transformers",
    "llm_layer": "transformers",
    "timm": "timm",
}

# A few cheap scripts per corpus (each runs in a few seconds on 2 CPU cores with default sizes),
# chosen to cover the kinds of inputs a corpus passes: image batches, lists of images, token ids,
# models whose building calls modules (an int8 model calibrated, an SSD probing its backbone),
# waveforms, latents with nested conditioning dicts, graphs, single decoder layers with rotary tables,
# timm models at parsed and at fixed input sizes.
SAMPLE = {
    "torchvision": ["resnet18.py", "quantized_shufflenet_v2_x0_5.py", "ssdlite320_mobilenet_v3_large.py"],
    # and one script written by tools/corpora/probe_transformers.py (an image model's recipe)
    "transformers": ["bert.py", "vit.py", "wav2vec2.py", "swiftformer.py"],
    "diffusers": ["vae_tiny.py", "unet_ddpm_cifar10.py", "prior_transformer.py"],
    "graph_convolutions": ["gcn.py", "sgc.py", "gat.py"],
    # generate() calls: a decoder, a GPT-2-style LM head, an encoder-decoder
    "llm": ["llama.py", "gpt2.py", "t5.py"],
    "llm_layer": ["mistral_7b_layer.py", "phi2_layer.py", "phi2_2layers.py"],
    # a convnet at the default 224 x 224, a ViT built with img_size=(height, width), and two timm
    # test models whose scripts use their own 160 x 160 default instead of parse()'s height/width
    "timm": ["resnet18.py", "vit_tiny_patch16_224.py", "test_efficientnet.py", "test_vit.py"],
}


def corpus_scripts(corpus: str) -> list[Path]:
    """Every script benchit's discovery would run in a corpus: no ``_*``/``__init__`` files, no ``skip/``."""
    found = []
    for root, dirs, files in os.walk(MODELS / corpus):
        dirs[:] = sorted(d for d in dirs if d != "skip" and not d.startswith((".", "__")))
        found += [Path(root) / f for f in sorted(files) if f.endswith(".py") and not f.startswith("_")]
    return found


def analyze(scripts: list[Path], cache: Path, jobs: int = 1) -> tuple[str, dict[Path, list[dict]]]:
    """Analyse ``scripts`` in one scan into ``cache``: benchit's output and the report's rows by script."""
    done = run_benchit("benchmark", *scripts, "--analyze-only", "-j", jobs, "--cache-dir", cache, cwd=REPO, env=QUIET)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"benchit exited with {done.returncode}:\n{output[-4000:]}"
    report = cache.parent / f"{cache.name}.csv"
    done = run_benchit("report", "--cache-dir", cache, "--output", report, cwd=REPO, env=QUIET)
    assert done.returncode == 0, done.stdout + done.stderr
    rows: dict[Path, list[dict]] = {}
    with report.open(newline="") as f:
        for row in csv.DictReader(f):
            rows.setdefault(Path(row.get("script") or "").resolve(), []).append(row)
    return output, rows


def check(script: Path, output: str, rows: dict[Path, list[dict]]) -> None:
    """benchit said ``script`` ran ok, and the cache holds exactly the one model it calls."""
    lines = [line for line in output.splitlines() if str(script.relative_to(MODELS)) in line or str(script) in line]
    assert any(re.search(r"\bok\b", line) for line in lines), f"no 'ok' line for {script}:\n{output[-4000:]}"
    found = rows.get(script.resolve())
    assert found, f"no row for {script} in the report"
    assert all(row["script_status"] == "ok" for row in found), [row["script_status"] for row in found]
    assert any((row.get("model_class") or "").strip() for row in found), f"no model captured in {script.name}"
    # Each corpus script calls one model: module calls made while building it are not models.
    assert len(found) == 1, f"{script.name}: {len(found)} models: {[row['model_class'] for row in found]}"


def _sample_params() -> list:
    return [
        pytest.param(corpus, name, id=f"{corpus}/{name.removesuffix('.py')}")
        for corpus, names in SAMPLE.items()
        for name in names
    ]


def test_sample_lists_every_corpus():
    assert set(SAMPLE) == set(CORPORA)
    for corpus, names in SAMPLE.items():
        scripts = {p.name for p in corpus_scripts(corpus)}
        missing = [n for n in names if n not in scripts]
        assert not missing, f"{corpus}: sample scripts not in the corpus: {missing}"


def test_no_script_is_named_like_a_package_a_library_looks_for():
    """A script named ``xlstm.py`` would be found first on sys.path when transformers asks whether
    the optional ``xlstm`` package is installed, and imported in its place."""
    import sys

    sys.path.insert(0, str(REPO / "tools" / "corpora"))
    try:
        from corpus_files import optional_packages
    finally:
        sys.path.pop(0)
    packages = optional_packages()
    assert "xlstm" in packages  # the lookup still finds what it is for
    clashes = sorted(p.relative_to(MODELS).as_posix() for p in MODELS.rglob("*.py") if p.stem in packages)
    assert not clashes


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_corpus_scripts_have_labels(corpus):
    """Line 1 of every script is a labels line with name, author, task and test_group."""
    scripts = corpus_scripts(corpus)
    assert scripts, f"models/{corpus} is empty"
    for path in scripts:
        first = path.read_text().splitlines()[0]
        assert first.startswith("# labels: "), path
        keys = {pair.split("::", 1)[0] for pair in first.removeprefix("# labels: ").split()}
        assert {"name", "author", "task", "test_group"} <= keys, path
        assert "from benchit.parser import parse" in path.read_text(), path


@pytest.fixture(scope="module")
def sample_scan(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[Path, list[dict]]]:
    """One ``--analyze-only`` scan of the sample of every corpus whose library is installed (one
    warm worker for all of them: a scan per script spent most of its time starting up)."""
    scripts = [
        MODELS / corpus / name
        for corpus, names in SAMPLE.items()
        if importlib.util.find_spec(CORPORA[corpus]) is not None
        for name in names
    ]
    return analyze(scripts, tmp_path_factory.mktemp("sample") / "cache", jobs=2)


@pytest.mark.parametrize(("corpus", "name"), _sample_params())
def test_sample_script_analyses(corpus, name, sample_scan):
    pytest.importorskip(CORPORA[corpus])
    check(MODELS / corpus / name, *sample_scan)


def _all_params() -> list:
    return [
        pytest.param(corpus, path, id=str(path.relative_to(MODELS)).removesuffix(".py"))
        for corpus in sorted(CORPORA)
        for path in corpus_scripts(corpus)
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("corpus", "script"), _all_params())
def test_every_script_analyses(corpus, script, tmp_path):
    pytest.importorskip(CORPORA[corpus])
    check(script, *analyze([script], tmp_path / "cache"))
