"""The standard script parameters and parse()."""

from __future__ import annotations

import subprocess
import sys

import pytest

from benchit.parser import STANDARD_PARAMS, UnknownParameter, check_script_args, parse


def test_defaults_in_order() -> None:
    names = [
        "batch_size",
        "max_seq_length",
        "max_audio_seq_length",
        "height",
        "width",
        "num_channels",
        "k",
        "alpha",
        "out_channels",
        "num_layers",
        "in_channels",
    ]
    assert parse(names, []) == [1, 128, 25600, 224, 224, 3, 8, 2.2, 16, 8, 1433]


def test_values_from_argv_keep_the_requested_order() -> None:
    assert parse(["width", "batch_size"], ["--batch_size", "8", "--width", "32", "--script-own", "x"]) == [32, 8]


def test_types_are_converted() -> None:
    alpha, kvcache, path = parse(["alpha", "kvcache", "model_path"], ["--alpha", "3", "--kvcache", "true"])
    assert alpha == 3.0 and isinstance(alpha, float)
    assert kvcache is True
    assert path is None


def test_unknown_parameter_is_named() -> None:
    with pytest.raises(UnknownParameter, match="'sequence_len'"):
        parse(["batch_size", "sequence_len"], [])


def test_turnkeyml_parameters_exist() -> None:
    assert {"pretrained", "model_path", "kvcache"} <= STANDARD_PARAMS.keys()


def test_check_script_args_rejects_bad_values() -> None:
    check_script_args(["--batch_size", "4", "--anything", "goes"])
    with pytest.raises(ValueError, match="batch_size"):
        check_script_args(["--batch_size", "four"])


def test_script_command_line(tmp_path) -> None:
    script = tmp_path / "s.py"
    script.write_text("from benchit.parser import parse\nprint(parse(['batch_size', 'height']))\n")
    out = subprocess.run([sys.executable, str(script), "--batch_size", "8"], capture_output=True, text=True)
    assert out.stdout.strip() == "[8, 224]"
