# labels: name::phi4_multimodal author::huggingface task::nlp test_group::daily
"""
Phi4MultimodalModel (model type `phi4_multimodal`), 1225M parameters.
Built from transformers.Phi4MultimodalConfig(...) with random weights: Phi4MultimodalModel(config).

The default config has 4.69B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1; vision_config: num_hidden_layers=1 (1225M parameters).
Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/phi4_multimodal
"""
from benchit.parser import parse
import torch
from transformers import Phi4MultimodalConfig, Phi4MultimodalModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Phi4MultimodalConfig(num_hidden_layers=1, vision_config={"num_hidden_layers": 1})
model = Phi4MultimodalModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
