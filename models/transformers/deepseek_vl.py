# labels: name::deepseek_vl author::huggingface task::multimodal test_group::daily
"""
DeepseekVLModel (model type `deepseek_vl`), 578M parameters.
Built from transformers.DeepseekVLConfig(...) with random weights: DeepseekVLModel(config).

The default config has 6.72B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=2; vision_config: num_hidden_layers=2 (578M
parameters). The default text vocabulary does not hold the image token, so it is extended as the
released checkpoints' is. Inputs: one random 224 x 224 image per sample, its 196 image tokens,
then max_seq_length random text tokens. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/deepseek_vl
"""
from benchit.parser import parse
import torch
from transformers import DeepseekVLConfig, DeepseekVLModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DeepseekVLConfig(text_config={"num_hidden_layers": 2, "vocab_size": 100032}, vision_config={"num_hidden_layers": 2})
model = DeepseekVLModel(config).eval()
text_config = config.get_text_config()
image_tokens = 196  # the number of image features the vision tower makes of one 224 x 224 image
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
