# labels: name::chameleon author::huggingface task::multimodal test_group::daily
"""
Chameleon early-fusion model (VQ-GAN image tokens and text in one decoder), one 512 x 512 image and its text.
Built from transformers.ChameleonConfig(...) with random weights: ChameleonModel(config).

The default config (7B) is over the corpora's CPU budget; this script keeps the widths and uses
2 of the 32 layers. The default config has no vocabulary map, without which the model cannot be
built; the script writes one.
Source: https://huggingface.co/docs/transformers/model_doc/chameleon
"""
from benchit.parser import parse
import torch
from transformers import ChameleonConfig, ChameleonModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

# The tokenizer's map from token names to ids, which the model reads to place image tokens. Synthetic
# here: the VQ-GAN's 8192 codes named as the released tokenizer names them (IMGIMG<code in letters>Z),
# at ids 4 to 8195, and the image placeholder at 8711
letters = str.maketrans("0123456789", "ABCDEFGHIJ")
vocabulary_map = {"<image>": 8711, **{f"IMGIMG{str(code).translate(letters)}Z": 4 + code for code in range(8192)}}

config = ChameleonConfig(num_hidden_layers=2, vocabulary_map=vocabulary_map)
model = ChameleonModel(config).eval()
vq = config.vq_config
image_tokens = (vq.resolution // 2 ** (len(vq.channel_multiplier) - 1)) ** 2  # 1024: one per 16 x 16 pixels
text = torch.randint(8712, config.vocab_size, (batch_size, max_seq_length))  # ordinary tokens, after the image ones
input_ids = torch.cat([torch.full((batch_size, image_tokens), vocabulary_map["<image>"]), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, vq.resolution, vq.resolution),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
