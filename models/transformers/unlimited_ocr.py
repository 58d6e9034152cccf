# labels: name::unlimited_ocr author::huggingface task::multimodal test_group::daily
"""
UnlimitedOcrModel (model type `unlimited_ocr`), 599M parameters.
Built from transformers.UnlimitedOcrConfig(...) with random weights: UnlimitedOcrModel(config).

The default config has 3.17B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: n_routed_experts=8, num_experts=8, num_hidden_layers=1 (599M
parameters). Inputs: one random 224 x 224 image per sample, its 21 image tokens, then
max_seq_length random text tokens. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/unlimited_ocr
"""
from benchit.parser import parse
import torch
from transformers import UnlimitedOcrConfig, UnlimitedOcrModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = UnlimitedOcrConfig(text_config={"n_routed_experts": 8, "num_experts": 8, "num_hidden_layers": 1})
model = UnlimitedOcrModel(config).eval()
text_config = config.get_text_config()
image_tokens = 21  # the number of image features the vision tower makes of one 224 x 224 image
input_ids = torch.randint(text_config.vocab_size, (batch_size, image_tokens + max_seq_length))
input_ids[input_ids == config.image_token_id] = 0
input_ids[:, :image_tokens] = config.image_token_id
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, 224, 224),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
