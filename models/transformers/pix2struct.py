# labels: name::pix2struct author::huggingface task::multimodal test_group::daily
"""
Pix2Struct image-to-text (variable-resolution flattened patches).
Built from transformers.Pix2StructConfig() with random weights: Pix2StructForConditionalGeneration(config).
Source: https://huggingface.co/docs/transformers/model_doc/pix2struct
"""
from benchit.parser import parse
import torch
from transformers import Pix2StructConfig, Pix2StructForConditionalGeneration

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Pix2StructConfig()
model = Pix2StructForConditionalGeneration(config).eval()
num_patches = 2048  # the processor's max_patches
patch_dim = 2 + 16 * 16 * 3  # (row, column) + one flattened 16 x 16 RGB patch
inputs = {
    "flattened_patches": torch.rand(batch_size, num_patches, patch_dim),
    "attention_mask": torch.ones(batch_size, num_patches, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
