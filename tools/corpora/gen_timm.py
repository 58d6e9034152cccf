"""Write models/timm/*.py: one script per architecture in ``timm.list_models()``.

Run from the repository root (two worker processes; a few minutes):

    python tools/corpora/gen_timm.py [PROBES.json]

With a file name, the probes are saved there and, when it exists, read from it instead of being
redone (for re-generating after changing SKIP or the template).

Each architecture is first built on the ``meta`` device (no memory, no weights) to read its
resolved ``pretrained_cfg`` (default input size, whether that size is fixed), its parameter count
and which of ``in_chans`` / ``img_size`` its constructor accepts. What is read is written into the
scripts as literals, so the scripts do not depend on these calls; the output depends only on the
installed timm (and torch) versions, and a re-run rewrites the corpus byte for byte.

Scripts go to models/timm/skip/ with the reason on top when the model has more than
``MAX_PARAMS`` parameters (its fp32 weights alone are over 5 GB), or when it is listed in
``SKIP`` (measured: over the 6 GB / 60 s corpus limits, or failing on CPU).

The generated scripts are committed; re-run this only after a timm update.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import re
import sys
from pathlib import Path

from corpus_files import clear, write

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "models" / "timm"
SOURCE = "https://github.com/huggingface/pytorch-image-models"

# fp32 weights over 5 GB: building the model alone passes the corpus's 6 GB limit with the
# interpreter, the libraries and one forward pass.
MAX_PARAMS = 1_250_000_000

# Measured: scripts that did not finish building and one forward pass within the corpus's 60 s
# (`benchit benchmark ... --analyze-only -j 2 --timeout 120 --memory-limit 6G` on the 2-core / 24 GB
# CPU machine with nothing else running, 2026-11-24). Of the 52 that had timed out at 60 s in
# earlier sweeps on loaded or slower machines, 50 finished in 6 to 58 s and are back in the corpus.
SKIP: dict[str, str] = {
    "samvit_huge_patch16": "637M parameters at 1024 x 1024: building it and one forward pass took 91 s, over the corpus's 60 s (benchit --analyze-only -j 2 on the idle 2-core CPU, 2026-11-24).",
    "vit_huge_patch16_sapiens2": "814M parameters at 1024 x 768: building it and one forward pass took 79 s, over the corpus's 60 s (benchit --analyze-only -j 2 on the idle 2-core CPU, 2026-11-24).",
}

# Cheap scripts for the "ci" test group: a convnet, a ViT built with img_size, and two of timm's
# test models at their fixed 160 x 160 default.
CI = {"resnet18", "vit_tiny_patch16_224", "test_efficientnet", "test_vit"}

PAPER = re.compile(r"`([^`\n]+)`\s*[-:]\s*(https?://\S+)")
URL = re.compile(r"https?://arxiv\.org/\S+")


def probe(name: str) -> dict:
    """Build ``name`` on the meta device and read what the script needs to know."""
    import timm
    import torch
    from timm.models._registry import _model_to_module

    cfg = timm.models.get_pretrained_cfg(name)
    info: dict = {"name": name, "module": f"timm.models.{_model_to_module[name]}"}
    size = tuple(cfg.input_size) if cfg is not None and cfg.input_size else (3, 224, 224)
    fixed = bool(cfg.fixed_input_size) if cfg is not None else False
    attempts = [{"in_chans": size[0]}, {}]
    if fixed:
        attempts.insert(0, {"in_chans": size[0], "img_size": size[1:]})
    model = None
    errors = []
    for kwargs in attempts:
        try:
            with torch.device("meta"):
                model = timm.create_model(name, pretrained=False, **kwargs)
            info["kwargs"] = sorted(kwargs)
            break
        except Exception as exc:  # noqa: BLE001 - any failure means "try fewer arguments"
            errors.append(f"{type(exc).__name__}: {exc}".splitlines()[0][:200])
    if model is None:
        info["kwargs"] = []
        info["meta_error"] = errors[-1]
        info["params"] = None
    else:
        pcfg = model.pretrained_cfg or {}
        size = tuple(pcfg.get("input_size") or size)
        fixed = bool(pcfg.get("fixed_input_size", fixed))
        info["params"] = sum(p.numel() for p in model.parameters())
        cfg_tag = pcfg.get("tag")
        info["tag"] = f"{name}.{cfg_tag}" if cfg_tag else name
        info["cfg_paper"] = pcfg.get("paper_name") or pcfg.get("paper_ids")
    if model is None and cfg is not None:
        info["tag"] = f"{name}.{cfg.tag}" if cfg.tag else name
        info["cfg_paper"] = cfg.paper_name or cfg.paper_ids
    info["input_size"] = [int(x) for x in size]
    info["fixed"] = fixed
    return info


def module_doc(module: str) -> tuple[str, str]:
    """The first line of a timm model module's docstring and the first paper it cites."""
    doc = importlib.import_module(module).__doc__ or ""
    title = next((line.strip() for line in doc.splitlines() if line.strip()), module)
    found = PAPER.search(doc)
    if found:
        paper = f"{found.group(1).strip()}, {found.group(2).rstrip('.,)')}"
    else:
        url = URL.search(doc)
        paper = url.group(0).rstrip(".,)") if url else ""
    return title, paper


def fmt_params(n: int | None) -> str:
    if n is None:
        return "unknown"
    return f"{n / 1e9:.2f}B" if n >= 1e9 else f"{n / 1e6:.1f}M"


def script(info: dict) -> str:
    name = info["name"]
    module = info["module"]
    short = module.rsplit(".", 1)[-1]
    title, paper = module_doc(module)
    c, h, w = info["input_size"]
    groups = "ci,daily" if name in CI else "daily"
    labels = (
        f"# labels: name::{name} author::timm task::image_classification model_family::{short} test_group::{groups}\n"
    )

    kwargs = info["kwargs"]
    flexible = not info["fixed"] or "img_size" in kwargs
    chans = "in_chans" in kwargs
    lines = [
        f'{name}: timm.create_model("{name}", pretrained=False), random weights ({fmt_params(info["params"])} parameters).'
    ]
    lines.append(f"Module: {module} ({title})")
    if paper:
        lines.append(f"Paper (the first the module cites): {paper}")
    if info.get("cfg_paper"):
        lines.append(f"Paper of the default pretrained config {info['tag']}: {info['cfg_paper']}")
    lines.append(f"Source: {SOURCE} ({module.replace('.', '/')}.py)")

    params = ["batch_size"]
    if chans:
        params.append("num_channels")
    create = [f'"{name}"', "pretrained=False"]
    if chans:
        create.append("in_chans=num_channels")
    channels = "num_channels" if chans else str(c)
    if flexible and (h, w) == (224, 224):
        params += ["height", "width"]
        shape = f"batch_size, {channels}, height, width"
        if "img_size" in kwargs:
            create.append("img_size=(height, width)")
            lines.append(
                "Its position embeddings (or windows) are sized for one input size, so the model is built\n"
                "with img_size=(height, width); the default is timm's 224 x 224."
            )
        else:
            lines.append("Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.")
    else:
        shape = f"batch_size, {channels}, {h}, {w}"
        why = (
            "fixed by its position embeddings or windows"
            if not flexible
            else "other sizes also work, but parse()'s 224 x 224 default is not this model's size"
        )
        lines.append(f"Runs at its default input size from timm's pretrained_cfg, {h} x {w} ({why}).")
    if not chans:
        lines.append(f"Its constructor takes no in_chans argument: {c}-channel images.")
    doc = "\n".join(lines)
    names = ", ".join(params)
    quoted = ", ".join(f'"{p}"' for p in params)
    return (
        labels
        + f'''"""
{doc}
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
{names} = parse([{quoted}])

model = timm.create_model({", ".join(create)}).eval()
inputs = torch.rand({shape})

with torch.no_grad():
    model(inputs)
'''
    )


def main() -> None:
    import timm

    names = timm.list_models()
    cache = Path(sys.argv[1]) if len(sys.argv) > 1 else None  # optional: keep the probes in a JSON file
    if cache is not None and cache.exists():
        infos = json.loads(cache.read_text())
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(2, maxtasksperchild=100) as pool:
            infos = pool.map(probe, names, chunksize=8)
        if cache is not None:
            cache.write_text(json.dumps(infos))

    clear(OUT)  # rewrite the whole corpus
    skipped = 0
    for info in sorted(infos, key=lambda i: i["name"]):
        name = info["name"]
        reason = SKIP.get(name, "")
        if not reason and info["params"] is not None and info["params"] > MAX_PARAMS:
            reason = (
                f"{fmt_params(info['params'])} parameters: {info['params'] * 4 / 1e9:.1f} GB of fp32 weights alone,"
                " over the corpus's 6 GB limit for building the model and one forward pass."
            )
        skipped += bool(reason)
        write(OUT, name, script(info), reason)
    failed = [i["name"] for i in infos if "meta_error" in i]
    print(f"wrote {len(infos)} scripts ({skipped} in skip/) under {OUT.relative_to(ROOT)}", file=sys.stderr)
    if failed:
        print(f"not buildable on the meta device (probe skipped): {' '.join(failed)}", file=sys.stderr)


if __name__ == "__main__":
    main()
