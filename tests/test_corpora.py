"""The model corpora under models/ work with the real ``benchit`` command.

A fixed sample of cheap scripts from each corpus is analysed (``benchit benchmark SCRIPT
--analyze-only``); the run must succeed, print the script with an ``ok`` status, and the cache
must hold exactly one captured model for it (read back through ``benchit report``).
The full sweep over every script of every corpus is marked ``slow`` (deselected by default; run it
with ``pytest -m slow tests/test_corpora.py``). A corpus's tests are skipped when its library is not
installed.
"""

from __future__ import annotations

import csv
import os
import re
from pathlib import Path

import pytest
from conftest import REPO, run_benchit

MODELS = REPO / "models"
QUIET = {"TOKENIZERS_PARALLELISM": "false"}

# corpus folder -> the library its scripts need
CORPORA = {
    "torchvision": "torchvision",
    "transformers": "transformers",
    "diffusers": "diffusers",
    "graph_convolutions": "torch_geometric",
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


def analyze(script: Path, tmp_path: Path, timeout: float) -> None:
    """Analyse one script into a fresh cache and check that benchit found a model in it."""
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--analyze-only", "--cache-dir", cache, cwd=REPO, timeout=timeout, env=QUIET
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"benchit exited with {done.returncode}:\n{output[-4000:]}"
    lines = [line for line in output.splitlines() if script.name in line]
    assert any(re.search(r"\bok\b", line) for line in lines), f"no 'ok' line for {script.name}:\n{output[-4000:]}"

    report = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", cache, "--output", report, cwd=REPO, timeout=120, env=QUIET)
    assert done.returncode == 0, done.stdout + done.stderr
    with report.open(newline="") as f:
        rows = [row for row in csv.DictReader(f) if Path(row.get("script") or "").name == script.name]
    assert rows, f"no row for {script.name} in the report"
    assert all(row["script_status"] == "ok" for row in rows), [row["script_status"] for row in rows]
    assert any((row.get("model_class") or "").strip() for row in rows), f"no model captured in {script.name}"
    # Each corpus script calls one model: module calls made while building it are not models.
    assert len(rows) == 1, f"{script.name}: {len(rows)} models: {[row['model_class'] for row in rows]}"


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


@pytest.mark.parametrize(("corpus", "name"), _sample_params())
def test_sample_script_analyses(corpus, name, tmp_path):
    pytest.importorskip(CORPORA[corpus])
    analyze(MODELS / corpus / name, tmp_path, timeout=300)


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
    analyze(script, tmp_path, timeout=600)
