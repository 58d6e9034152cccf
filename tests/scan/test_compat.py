"""MLAgility and TurnkeyML scripts run unchanged under benchit, without those packages installed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from helpers import report_df, run_benchit, write_script

MLAGILITY = '''"""
https://github.com/pytorch/hub/blob/master/pytorch_vision_alexnet.md (shrunk for the test)
"""

from mlagility.parser import parse
import torch

torch.manual_seed(0)

# Parsing command-line arguments
batch_size, num_channels, width, height = parse(
    ["batch_size", "num_channels", "width", "height"]
)

model = torch.nn.Sequential(torch.nn.Conv2d(num_channels, 4, 3), torch.nn.Flatten())
model.eval()
inputs = {"input": torch.ones([batch_size, num_channels, width, height])}

# Call model
model(**inputs)
'''

TURNKEY = '''"""A TurnkeyML-style script using its extra parameters."""
from turnkeyml.parser import parse
import torch

pretrained, batch_size, max_seq_length, kvcache = parse(["pretrained", "batch_size", "max_seq_length", "kvcache"])
assert pretrained is False and kvcache is True
model = torch.nn.Embedding(50, 8)
model(torch.zeros(batch_size, max_seq_length, dtype=torch.long))
'''


def test_neither_package_is_installed() -> None:
    assert importlib.util.find_spec("mlagility") is None
    assert importlib.util.find_spec("turnkeyml") is None


def test_mlagility_and_turnkeyml_scripts_run_unchanged(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    write_script(corpus, "alexnet_like.py", MLAGILITY, labels="test_group::mlagility name::alexnet author::torch_hub")
    write_script(corpus, "turnkey.py", TURNKEY, labels="name::turnkey author::turnkeyml")
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark",
        "--all",
        "--search-dir",
        corpus,
        "--cache-dir",
        cache,
        "--analyze-only",
        "--script-args",
        "--batch_size 2 --width 16 --height 12 --max_seq_length 5 --kvcache true",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache).set_index("label_name")
    assert df.loc["alexnet", "input_shapes"] == "input: float32[2,3,16,12]"
    assert df.loc["alexnet", "label_test_group"] == "mlagility" and df.loc["alexnet", "label_author"] == "torch_hub"
    assert df.loc["turnkey", "input_shapes"] == "input: int64[2,5]"
    assert set(df["script_status"]) == {"ok"}
