# labels: name::visual_bert author::huggingface task::multimodal test_group::daily
"""
VisualBERT (BERT over text tokens + 36 region features of 2048).
Built from transformers.VisualBertConfig() with random weights: VisualBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/visual_bert
"""
from benchit.parser import parse
import torch
from transformers import VisualBertConfig, VisualBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = VisualBertConfig()
model = VisualBertModel(config).eval()
num_regions = 36  # detector region features, e.g. from Faster R-CNN
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "visual_embeds": torch.randn(batch_size, num_regions, config.visual_embedding_dim),
    "visual_attention_mask": torch.ones(batch_size, num_regions, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
