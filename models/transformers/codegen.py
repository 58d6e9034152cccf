# labels: name::codegen author::huggingface task::nlp test_group::daily
"""
CodeGen decoder.
Built from transformers.CodeGenConfig(...) with random weights: CodeGenModel(config).

The default config is CodeGen-6B (28 layers of 4096); this script keeps its sizes but uses 4 of
its 28 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/codegen
"""
from benchit.parser import parse
import torch
from transformers import CodeGenConfig, CodeGenModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = CodeGenConfig(n_layer=4)
model = CodeGenModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
