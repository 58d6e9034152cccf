# labels: name::florence2 author::huggingface task::multimodal test_group::daily
"""
Florence2Model (model type `florence2`), 498M parameters.
Built from transformers.Florence2Config(...) with random weights: Florence2Model(config).

The default text vocabulary does not hold the image token, so it is extended as the released
checkpoints' is. Inputs: one random 224 x 224 image per sample, its 50 image tokens, then
max_seq_length random text tokens. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/florence2
"""
from benchit.parser import parse
import torch
from transformers import Florence2Config, Florence2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Florence2Config(text_config={"vocab_size": 51328})
model = Florence2Model(config).eval()
text_config = config.get_text_config()
image_tokens = 50  # the number of image features the vision tower makes of one 224 x 224 image
input_ids = torch.randint(text_config.vocab_size, (batch_size, image_tokens + max_seq_length))
input_ids[input_ids == config.image_token_id] = 0
input_ids[:, :image_tokens] = config.image_token_id
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, 224, 224),
}
inputs["decoder_input_ids"] = torch.randint(text_config.vocab_size, (batch_size, max_seq_length))
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
