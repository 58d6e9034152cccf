# labels: name::lxmert author::huggingface task::multimodal test_group::daily
"""
LXMERT cross-modality encoder (text tokens + 36 region features and boxes).
Built from transformers.LxmertConfig() with random weights: LxmertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/lxmert
"""
from benchit.parser import parse
import torch
from transformers import LxmertConfig, LxmertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LxmertConfig()
model = LxmertModel(config).eval()
num_regions = 36
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "visual_feats": torch.randn(batch_size, num_regions, config.visual_feat_dim),
    "visual_pos": torch.rand(batch_size, num_regions, config.visual_pos_dim),
}

with torch.no_grad():
    model(**inputs)
