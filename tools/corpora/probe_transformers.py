"""Find the transformers model types that ``gen_transformers.MODELS`` does not cover yet, try to
build and call each from its config class offline, and record what works in
``tools/corpora/transformers_auto.json`` (read by ``gen_transformers.py``).

Run from the repository root, then regenerate the corpus:

    python tools/corpora/probe_transformers.py [-j JOBS] [--only TYPE ...]
    python tools/corpora/gen_transformers.py

For each model type in ``transformers.CONFIG_MAPPING`` that has a base model class
(``AutoModel``'s mapping), is not a sub-model config of another model type (a text or vision
tower, a codec part...) and has no hand-written entry in ``MODELS``:

1. the default config is counted on the meta device; over ``MAX_PARAMS`` parameters its layer
   counts (and then its expert counts) are shrunk, as ``llm_layer`` does, and the docstring says so;
2. an input recipe is chosen from the model's ``main_input_name`` and ``forward`` signature (text,
   image, audio samples, audio features, image + text with image tokens);
3. the rendered script runs as ``python script.py --max_seq_length 16`` would, but in a forked
   child (the libraries imported once), without weight initialisation, with a timeout and an
   address-space limit. Recipes are tried in order; the first that runs is kept. The corpus sweep
   (``benchit benchmark --all --search-dir models/transformers --analyze-only``) then runs every
   script as written.

A model type whose every recipe fails is recorded with the reason (the last error, one line),
which ``docs/corpora.md`` lists. The output is sorted, so a re-run on the same library versions
gives the same file.
"""

from __future__ import annotations

import argparse
import inspect
import json
import multiprocessing
import os
import re
import resource
import runpy
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(ROOT))
OUT = Path(__file__).parent / "transformers_auto.json"

# Over this many parameters, layers (then experts) are shrunk: a 2-layer model at real widths
# keeps the corpus's scripts to seconds each on a CPU, as llm_layer's do.
MAX_PARAMS = 600_000_000
HARD_MAX_PARAMS = 1_250_000_000  # about 5 GB of fp32 weights: the corpora's 6 GB limit
TIMEOUT_S = 120
MEMORY_LIMIT = 7 * 2**30
LAYER_ATTRS = (
    "num_hidden_layers",
    "num_layers",
    "n_layer",
    "n_layers",
    "encoder_layers",
    "decoder_layers",
    "num_encoder_layers",
    "num_decoder_layers",
    "depth",
)
EXPERT_ATTRS = ("num_experts", "num_local_experts", "n_routed_experts", "moe_num_experts")
SHRUNK_LAYERS = 2
SHRUNK_EXPERTS = 8

# Measured in the corpus sweep (benchit benchmark --all --search-dir models/transformers
# --analyze-only -j 2 --timeout 120 --memory-limit 6G): scripts whose probe ran but which fail as
# written go to skip/ with the reason.
SKIP = {
    "seamless_m4t_v2": "1.25B parameters with one layer per stack: building it with random weights "
    "passed the corpora's 6 GB memory limit (oom in the --analyze-only sweep, 2026-11-23).",
}


# Types whose probe failed and which were then examined by hand: the reason found, for the
# left-out table in docs/corpora.md (in place of the probe's last error).
EXAMINED = {
    "hunyuan_v1_dense": "the default config leaves head_dim unset (None); with it set to hidden_size / heads, "
    "1.6B parameters even with 2 layers (a 290,943-token vocabulary of 4096-wide embeddings)",
    "hunyuan_v1_moe": "the default config leaves head_dim unset (None); with it set to hidden_size / heads, "
    "3.8B parameters even with 2 layers and 8 experts",
    "bark": "BarkModel has no forward: it only generates, through its semantic, coarse and fine GPT stages and an "
    "EnCodec decoder, each called by generate() (its config has no vocab_size of its own, hence the recorded error)",
    "gemma3n": "1.9B parameters (about 7.5 GB in float32) even with 5 of its 35 text layers and 2 of its 12 audio layers: "
    "the 262,400-token embedding, the per-layer input embeddings and the MobileNetV5 vision tower stay (with fewer than "
    "the default's 15 KV-sharing layers the config also needs layer_types and activation_sparsity_pattern cut to match)",
    "aya_vision": "the default vision config is broken (a SigLIP tower of width 1152 with 14 heads, which do not divide "
    "it) and its default text config is a 4.2B-parameter Cohere2 even with 2 layers; at Aya Vision 8B's sizes (SigLIP "
    "with 16 heads, Command R7B's 256,000 x 4096 embedding) it is still 1.9B parameters (7.6 GB) with 2 text layers",
    "step3p7": "the default text config leaves sliding_window unset (None), which the mask needs, and its image_token_id "
    "(151679) is past the 128,815-token vocabulary; with both set, 1 of 45 text layers, 8 of 288 experts and 4 of 47 "
    "vision layers at its 728 x 728 input still peak at 6.2 GB",
    "hunyuan_vl": "the default config leaves head_dim unset (None); with it set, 2.07B parameters even with 2 of its 32 "
    "text layers (hunyuan_v1_dense's 290,943 x 4096 embedding and a 27-layer vision tower of 1152)",
    "emu3": "Emu3Config() has no vocabulary_map (the tokenizer's names of its 32,768 VQ codes, which the model reads to "
    "place image tokens); with a synthetic one it runs, but it is 1.46B parameters with 2 of its 32 layers (the "
    "184,622 x 4096 embedding and the VQ-GAN) and peaks at 7.9 GB with one 256 x 256 image",
    "depth_pro": "it needs a 1536 x 1536 image (its 384 x 384 patches at scales 0.25, 0.5 and 1); at that size it peaks "
    "at 6.1 GB and takes 53 s on a CPU",
    "diffusion_gemma": "its text config sets no experts (num_experts, top_k_experts and moe_intermediate_size are None) "
    "though every layer has a mixture-of-experts block; with them set, 1 text and 1 vision layer still peak at 6.9 GB while "
    "it is built: the 262,144 x 2304 embedding (604M parameters) is made for both the encoder and the decoder before they are tied",
    "muse_spark": "its text embedding alone, 202,048 x 8192 at the released width, is 1.66B parameters (6.6 GB in float32), "
    "over the 6 GB limit before any layer",
    "cohere_compass": "its text embedding alone, 256,000 x 8192 at the released width, is 2.1B parameters (8.4 GB in float32), "
    "over the 6 GB limit before any layer",
    "granite4_vision": "its deepstack projector (deepstack_layer_map, downsample_rate, spatial_target_layers) is unset (None) "
    "in the default config and transformers has no released values for it; it also takes LLaVA-NeXT-style tiled images",
    "qwen4_exp": "its indexed-attention layers (every fourth) read indexer_n_heads, indexer_kv_heads, indexer_head_dim, "
    "indexer_budget and indexer_compress_ratio, all unset (None) in the default config, with no released values in transformers",
    "dinat": "DinatModel needs the natten library (neighbourhood-attention kernels), which is not installed and is not a "
    "dependency of the corpora",
    "layoutlmv2": "LayoutLMv2Model needs detectron2 for its visual backbone, which is not installed and is not a dependency "
    "of the corpora",
    "higgs_audio_v2_tokenizer": "HiggsAudioV2TokenizerModel needs torchaudio, which is not a dependency of the corpora",
    "voxtral_realtime_text": "transformers 5.23 maps it to VoxtralRealtimeTextModel, a class it does not export; the text "
    "decoder runs inside voxtral_realtime, which has a script",
    # video trackers: the same networks on one image have scripts of their own
    **{
        video: "its forward tracks objects through a video one frame at a time and takes an inference_session (the "
        f"tracking state its processor builds and updates); the same networks on one image are {image}, which has a script"
        for video, image in (
            ("sam2_video", "sam2"),
            ("sam3_video", "sam3"),
            ("sam3_tracker_video", "sam3_tracker"),
            ("edgetam_video", "edgetam"),
        )
    },
}


def uncovered() -> tuple[list[str], dict[str, str]]:
    """The model types to probe, and the reason for each one left out before probing."""
    import gen_llm_layer
    import gen_transformers
    from transformers import CONFIG_MAPPING
    from transformers.models.auto.modeling_auto import MODEL_MAPPING_NAMES

    covered = {m.config for m in gen_transformers.MODELS}
    layers = {f.config_class or f"{f.prefix}Config" for f in gen_llm_layer.FAMILIES}
    towers: set[str] = set()
    for t in CONFIG_MAPPING.keys():
        for sub in (getattr(CONFIG_MAPPING[t], "sub_configs", None) or {}).values():
            towers.add(getattr(sub, "model_type", "") or "")
    todo, left = [], {}
    for t in sorted(CONFIG_MAPPING.keys()):
        cls = CONFIG_MAPPING[t]
        if cls.__name__ in covered:
            continue
        if cls.__name__ in layers:
            left[t] = "covered by models/llm_layer: one decoder layer and a 2-layer stack at a named checkpoint's sizes"
        elif t in towers:
            left[t] = (
                "a sub-model config (text or vision tower, encoder, decoder, codec part...) of a composite model type: it runs inside that model"
            )
        elif not isinstance(MODEL_MAPPING_NAMES.get(t), str):
            left[t] = "no base model class (AutoModel has no entry for it)"
        else:
            todo.append(t)
    return todo, left


def meta_params(model_cls, config) -> int:
    import torch

    with torch.device("meta"):
        model = model_cls(config)
    return sum(p.numel() for p in model.parameters())


def _counts(config, attrs) -> dict[str, int]:
    return {a: getattr(config, a) for a in attrs if isinstance(getattr(config, a, None), int)}


def shrink_kwargs(config, attrs, limit: int) -> dict:
    """Config keyword arguments that cap ``attrs`` of the default ``config`` at ``limit``, at the top
    level and in each sub-config (sub-configs as dicts of the values that differ)."""
    kwargs: dict = {a: limit for a, n in _counts(config, attrs).items() if n > limit}
    for name in getattr(type(config), "sub_configs", None) or {}:
        sub = getattr(config, name, None)
        if sub is None or not hasattr(sub, "to_dict"):
            continue
        inner = {a: limit for a, n in _counts(sub, attrs).items() if n > limit}
        if inner:
            kwargs[name] = inner
    return kwargs


def merge(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def image_size(config) -> tuple[int, int, int]:
    """(channels, height, width) the vision part of ``config`` expects."""
    vision = getattr(config, "vision_config", None) or config
    size = None
    for holder in (vision, config):
        for attr in ("image_size", "img_size", "input_size"):
            size = size or getattr(holder, attr, None)
    if isinstance(size, dict):
        size = (size.get("height", 224), size.get("width", 224))
    if isinstance(size, (list, tuple)):
        size = tuple(size[-2:]) if len(size) >= 2 else (size[0], size[0])
    if not size or not isinstance(size, (int, tuple)):
        size = 224
    h, w = (size, size) if isinstance(size, int) else size
    channels = getattr(vision, "num_channels", None) or getattr(config, "num_channels", None) or 3
    return int(channels), int(h), int(w)


TEXT = ["batch_size", "max_seq_length"]
# Inputs of other modalities that a text-only call leaves out.
OTHER_INPUTS = ("pixel_values", "pixel_values_videos", "input_features", "input_values")


def required(model_cls) -> list[str]:
    """The parameters ``model_cls.forward`` cannot be called without."""
    signature = inspect.signature(model_cls.forward).parameters.values()
    return [
        p.name for p in signature if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD and p.name != "self"
    ]


def recipes(model_cls, config) -> list[dict]:
    """The input recipes to try for ``model_cls``, most specific first."""
    params = set(inspect.signature(model_cls.forward).parameters)
    main = getattr(model_cls, "main_input_name", "input_ids")
    found: list[dict] = []
    if main == "input_ids" or "input_ids" in params:
        decoder = "decoder_input_ids" in params
        no_cache = "use_cache" in params
        token = next(
            (a for a in ("image_token_id", "image_token_index") if isinstance(getattr(config, a, None), int)), None
        )
        if "pixel_values" in params and token:
            c, h, w = image_size(config)
            found.append(
                {
                    "kind": "vlm",
                    "token": token,
                    "image": [c, h, w],
                    "count": 1,
                    "decoder": decoder,
                    "no_cache": no_cache,
                }
            )
        positions = getattr(config.get_text_config(), "max_position_embeddings", None)
        # under parse()'s default max_seq_length: the script caps its tokens
        cap = {"cap": True} if isinstance(positions, int) and positions < 128 else {}
        if "pixel_values" in params and not token:
            # an image with a text of its own (BLIP-2, Grounding DINO, CLIP-like pairs), not image tokens in it
            c, h, w = image_size(config)
            ids = sorted(p for p in required(model_cls) if p.endswith("input_ids") and p != "input_ids")
            found.append(
                {"kind": "image_text", "image": [c, h, w], "ids": ids, "decoder": decoder, "no_cache": no_cache, **cap}
            )
        text = {"kind": "text", "decoder": decoder, "no_cache": no_cache, **cap}
        unused = [name for name in OTHER_INPUTS if name in params]
        found.append(dict(text, unused=unused) if unused else text)
    if main == "pixel_values" or ("pixel_values" in params and "input_ids" not in params):
        c, h, w = image_size(config)
        found.append({"kind": "image", "image": [c, h, w]})
    if main == "input_values" or "input_values" in params:
        found += [{"kind": "audio", "channels": 0}, {"kind": "audio", "channels": 1}]
    if main == "input_features" or "input_features" in params:
        bins = next(
            (
                getattr(config, a)
                for a in ("num_mel_bins", "feature_size", "input_feat_per_channel", "n_mels")
                if isinstance(getattr(config, a, None), int)
            ),
            80,
        )
        for frames in (3000, 1000):
            found += [{"kind": "features", "bins": bins, "frames": frames, "layout": lay} for lay in ("bft", "btf")]
    if main == "past_values" or "past_values" in params:
        found.append({"kind": "series"})
    return found


def inputs_code(recipe: dict) -> tuple[list[str], str, str]:
    """(parse() names, the code that defines ``inputs``, a sentence for the docstring)."""
    kind = recipe["kind"]
    decoder = (
        '\ninputs["decoder_input_ids"] = torch.randint(text_config.vocab_size, (batch_size, max_seq_length))'
        if recipe.get("decoder")
        else ""
    )
    if recipe.get("no_cache"):  # one forward pass: no key-value cache to build
        decoder += '\ninputs["use_cache"] = False'
    cap = (
        "\n# the text encoder's position embeddings cap the number of tokens"
        "\nmax_seq_length = min(max_seq_length, text_config.max_position_embeddings)"
        if recipe.get("cap")
        else ""
    )
    if kind == "text":
        return (
            TEXT,
            f"""
text_config = config.get_text_config(){cap}
inputs = {{
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}}{decoder}""",
            "Inputs: random token ids (max_seq_length tokens)."
            + (
                f" The call is text-only: the model also takes {', '.join(recipe['unused'])}, which need a"
                " processor's layout that no generic recipe of probe_transformers.py builds, so the parts"
                " that read them are built but not called."
                if recipe.get("unused")
                else ""
            ),
        )
    if kind == "vlm":
        c, h, w = recipe["image"]
        n = recipe["count"]
        return (
            TEXT,
            f"""
text_config = config.get_text_config()
image_tokens = {n}  # the number of image features the vision tower makes of one {h} x {w} image
input_ids = torch.randint(text_config.vocab_size, (batch_size, image_tokens + max_seq_length))
input_ids[input_ids == config.{recipe["token"]}] = 0
input_ids[:, :image_tokens] = config.{recipe["token"]}
inputs = {{
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, {c}, {h}, {w}),
}}{decoder}""",
            f"Inputs: one random {h} x {w} image per sample, its {n} image tokens, then max_seq_length random text tokens.",
        )
    if kind == "image_text":
        c, h, w = recipe["image"]
        more = "".join(
            f'\ninputs["{name}"] = torch.randint(100, (batch_size, max_seq_length))  # ids any vocabulary holds'
            for name in recipe["ids"]
        )
        return (
            TEXT,
            f"""
text_config = config.get_text_config(){cap}
inputs = {{
    "pixel_values": torch.rand(batch_size, {c}, {h}, {w}),
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}}{more}{decoder}""",
            f"Inputs: one random {h} x {w} image per sample and a text of max_seq_length random tokens.",
        )
    if kind == "image":
        c, h, w = recipe["image"]
        return (
            ["batch_size"],
            f"""
inputs = {{"pixel_values": torch.rand(batch_size, {c}, {h}, {w})}}""",
            f"Inputs: random {c}-channel images at the config's size, {h} x {w}.",
        )
    if kind == "audio":
        shape = "batch_size, 1, max_audio_seq_length" if recipe["channels"] else "batch_size, max_audio_seq_length"
        return (
            ["batch_size", "max_audio_seq_length"],
            f"""
inputs = {{"input_values": torch.randn({shape})}}""",
            "Inputs: max_audio_seq_length random audio samples.",
        )
    if kind == "features":
        bins, frames = recipe["bins"], recipe["frames"]
        shape = f"batch_size, {bins}, {frames}" if recipe["layout"] == "bft" else f"batch_size, {frames}, {bins}"
        return (
            ["batch_size"],
            f"""
inputs = {{"input_features": torch.randn({shape})}}""",
            f"Inputs: {frames} frames of {bins} random audio features.",
        )
    if kind == "series":
        return (
            ["batch_size"],
            """
context = getattr(config, "context_length", None) or 512
inputs = {"past_values": torch.randn(batch_size, context)}""",
            "Inputs: one random series of the config's context length per sample.",
        )
    raise ValueError(kind)


def entry_name(model_type: str) -> str:
    """The script name of ``model_type``: a Python identifier, not one of MODELS' names nor an
    optional package's (``xlstm``: transformers would import the script as the package)."""
    import gen_transformers
    from corpus_files import optional_packages

    name = re.sub(r"[^0-9a-zA-Z_]", "_", model_type).lower()
    taken = {m.name for m in gen_transformers.MODELS} | optional_packages()
    return name + "_model" if name in taken else name


# The probe only asks whether a script runs: short sequences and no weight initialisation keep
# each try to seconds. The corpus sweep (benchit --analyze-only) then runs every script as written.
PROBE_ARGS = ["--max_seq_length", "16", "--max_audio_seq_length", "16000"]


def run_script(text: str) -> str | None:
    """Run ``text`` as ``python script.py --max_seq_length 16 ...`` would, in this (forked)
    process, without initialising weights; the error, or ``None``."""
    from transformers.initialization import no_init_weights

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(text)
    sys.argv = [f.name, *PROBE_ARGS]
    try:
        with no_init_weights():
            runpy.run_path(f.name, run_name="__main__")
    except SystemExit as e:
        return None if not e.code else f"SystemExit: {e.code}"
    except BaseException as e:  # noqa: BLE001 - any failure is the probe's answer
        return f"{type(e).__name__}: {e}".replace("\n", " ")[:400]
    finally:
        os.unlink(f.name)
    return None


def _child(conn, text: str) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT * 3, MEMORY_LIMIT * 3))
    try:
        conn.send(run_script(text))
    except BaseException as e:  # noqa: BLE001
        conn.send(f"{type(e).__name__}: {e}"[:400])


def try_script(text: str) -> str | None:
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, text))
    proc.start()
    child.close()
    if not parent.poll(TIMEOUT_S):
        proc.kill()
        proc.join()
        return f"timeout: did not finish within {TIMEOUT_S} s"
    try:
        error = parent.recv()
    except EOFError:
        proc.join()
        return f"the process died (exit code {proc.exitcode})"
    proc.join()
    return error


def vocabulary_for(config, token: int) -> dict:
    """Config keyword arguments that make the text vocabulary hold the image token ``token``, as the
    released checkpoints do (LLaVA-1.5: 32064 entries, image token 32000); ``{}`` when it does."""
    text = config.get_text_config()
    if not isinstance(getattr(text, "vocab_size", None), int) or token < text.vocab_size:
        return {}
    size = (token + 1 + 63) // 64 * 64
    return {"text_config": {"vocab_size": size}} if text is not config else {"vocab_size": size}


COUNT = re.compile(r"tokens:?\s*(\d+),?\s*features:?\s*(\d+)", re.I)


def probe(model_type: str) -> dict:
    import gen_transformers
    import transformers
    from transformers import CONFIG_MAPPING
    from transformers.models.auto.modeling_auto import MODEL_MAPPING_NAMES

    config_cls = CONFIG_MAPPING[model_type]
    model_name = MODEL_MAPPING_NAMES[model_type]
    info: dict = {
        "type": model_type,
        "name": entry_name(model_type),
        "config": config_cls.__name__,
        "model": model_name,
    }
    try:
        model_cls = getattr(transformers, model_name)
        config = config_cls()
        params = info["default_params"] = meta_params(model_cls, config)
        kwargs: dict = {}
        for attrs, limit in ((LAYER_ATTRS, SHRUNK_LAYERS), (EXPERT_ATTRS, SHRUNK_EXPERTS), (LAYER_ATTRS, 1)):
            if params <= MAX_PARAMS:
                break
            kwargs = merge(kwargs, shrink_kwargs(config, attrs, limit))
            params = meta_params(model_cls, config_cls(**kwargs))
        config = config_cls(**kwargs)  # as the script writes it
        info["params"] = params
        info["cfg"] = info["shrunk"] = kwargs
        if info["params"] > HARD_MAX_PARAMS:
            info["error"] = f"{info['params'] / 1e9:.1f}B parameters even with its layers and experts shrunk"
            return info
        errors = []
        for recipe in recipes(model_cls, config):
            cfg = info["cfg"]
            if recipe["kind"] == "vlm":
                cfg = merge(cfg, vocabulary_for(config, getattr(config, recipe["token"])))
            counts = []  # image-token counts to try after the model says how many features it made
            while True:
                entry = dict(info, recipe=recipe, cfg=cfg)
                error = try_script(gen_transformers.render(gen_transformers.auto_entry(entry)))
                if error is None:
                    return dict(entry, skip=SKIP[model_type]) if model_type in SKIP else entry
                count = COUNT.search(error)
                if recipe["kind"] != "vlm" or not count:
                    break
                if not counts and recipe["count"] == 1:
                    # the features as tokens, or (some models count elements) as token x hidden size
                    features = int(count.group(2))
                    hidden = getattr(config.get_text_config(), "hidden_size", 0) or 0
                    counts = [features] + ([features // hidden] if hidden and features % hidden == 0 else [])
                if not counts:
                    break
                recipe = dict(recipe, count=counts.pop(0))
            errors.append(error)
            info.setdefault("tried", []).append(f"{recipe['kind']}: {error[:200]}")
        info["error"] = errors[-1] if errors else f"no input recipe for main input {model_cls.main_input_name!r}"
    except Exception as e:  # noqa: BLE001
        info["error"] = f"{type(e).__name__}: {e}".replace("\n", " ")[:400]
    return info


def left_out_markdown() -> str:
    """The model types without a script and why, from transformers_auto.json, for docs/corpora.md."""
    data = json.loads(OUT.read_text())
    lines = ["| model type | why it has no script |", "|---|---|"]
    for t, info in data["probed"].items():
        if t in EXAMINED:
            lines.append(f"| `{t}` | {EXAMINED[t]} |")
        elif "error" in info:
            why = info["error"].replace("|", "\\|").replace("`", "'")
            why = why if len(why) <= 160 else why[:157] + "..."
            lines.append(f"| `{t}` | {'' if 'parameters even' in why else 'no generic input recipe ran: '}{why} |")
    groups: dict[str, list[str]] = {}
    for t, why in data["left_out"].items():
        groups.setdefault(why, []).append(t)
    for why, types in sorted(groups.items()):
        lines.append(f"| {len(types)} types: {', '.join(f'`{t}`' for t in types)} | {why} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--markdown", action="store_true", help="print the left-out table for docs/corpora.md")
    args = parser.parse_args()
    if args.markdown:
        print(left_out_markdown(), end="")
        return
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch  # noqa: F401 - imported once, before the forks
    import transformers  # noqa: F401

    todo, left = uncovered()
    old = json.loads(OUT.read_text()) if OUT.exists() else {"probed": {}, "left_out": {}}
    # kept from the last run: the types still to probe (not those MODELS now covers by hand)
    probed = {t: info for t, info in old["probed"].items() if t in todo} if args.only else {}
    if args.only:
        todo = [t for t in todo if t in args.only]
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        for info in pool.map(probe, todo):
            probed[info["type"]] = info
            state = "ok" if "error" not in info else info["error"][:150]
            print(f"{info['type']}: {state}", flush=True)
    data = {"probed": dict(sorted(probed.items())), "left_out": dict(sorted(left.items()))}
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    ok = sum("error" not in i for i in probed.values())
    print(f"{ok} of {len(probed)} model types run; written to {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
