# labels: name::muse_glimmer_assistant author::huggingface task::nlp test_group::daily
"""
Muse Glimmer assistant (a block-diffusion drafter for speculative decoding: denoises a block of 16 tokens while attending to the target model's hidden states), one block.
Built from transformers.MuseGlimmerAssistantConfig(...) with random weights: MuseGlimmerAssistantModel(config).

The default config has 2.6B parameters, over the corpora's CPU budget; this script keeps the
widths and uses 1 of the 5 layers.
Source: https://huggingface.co/docs/transformers/model_doc/muse_glimmer_assistant
"""
from benchit.parser import parse
import torch
from transformers import MuseGlimmerAssistantConfig, MuseGlimmerAssistantModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MuseGlimmerAssistantConfig(num_hidden_layers=1, layer_types=["sliding_attention"])
model = MuseGlimmerAssistantModel(config).eval()
width = config.hidden_size
inputs = {
    # the last accepted token and the mask tokens to denoise, embedded by the target model
    "noise_embeds": torch.randn(batch_size, config.block_size, width),
    # the target model's hidden states at its selected layers, concatenated, for the accepted tokens so far
    "context_hidden_states": torch.randn(batch_size, max_seq_length, width * len(config.target_layer_ids)),
}

with torch.no_grad():
    model(**inputs)
