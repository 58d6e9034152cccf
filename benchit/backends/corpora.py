"""The corpora that ship with benchit, registered on ``benchit_corpora`` like a third party's."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from benchit.contracts import Corpus
from benchit.markers import hookimpl

# name -> (description, the modules its scripts import beyond torch, the extra of benchit-zoo that installs them)
BUILTIN_CORPORA: dict[str, tuple[str, tuple[str, ...], str]] = {
    "selftest": ("five small models (linear, MLP, CNN, tiny transformer, two models): a first run", (), ""),
    "torchvision": (
        "every model torchvision.models builds: classification, int8 quantized, detection, segmentation, video",
        ("torchvision",),
        "torchvision",
    ),
    "timm": ("every timm.list_models() architecture", ("timm",), "timm"),
    "transformers": (
        "Hugging Face transformers model types: encoders, decoders, vision, audio, multimodal, time series",
        ("transformers",),
        "transformers",
    ),
    "llm": (
        "every transformers architecture that generates text (causal LMs, text encoder-decoders), tiny, calling generate()",
        ("transformers",),
        "transformers",
    ),
    "llm_layer": ("one decoder layer and a 2-layer decoder of current LLM families", ("transformers",), "transformers"),
    "diffusers": (
        "diffusion denoisers (SD UNets, DiT, PixArt, SD3, FLUX, Sana), autoencoders, ControlNets",
        ("diffusers",),
        "diffusers",
    ),
    "graph_convolutions": (
        "torch_geometric graph networks on synthetic graphs",
        ("torch_geometric",),
        "torch_geometric",
    ),
}


def zoo_folder() -> Path | None:
    """Where the built-in corpora lie: ``models/`` beside the ``benchit`` package in a checkout (run
    from it, or installed with ``pip install -e``), else the ``benchit_models`` package the wheel
    installs (found, not imported)."""
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file() and (checkout / "models").is_dir():
        return checkout / "models"
    spec = importlib.util.find_spec("benchit_models")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@hookimpl
def benchit_corpora() -> list[Corpus]:
    folder = zoo_folder()
    if folder is None:
        return []
    return [
        Corpus(name, folder / name, description, requires, f"benchit-zoo[{extra}]" if extra else "")
        for name, (description, requires, extra) in BUILTIN_CORPORA.items()
        if (folder / name).is_dir()
    ]
