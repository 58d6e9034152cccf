# labels: name::jina_embeddings_v3 author::huggingface task::nlp test_group::daily
"""
JinaEmbeddingsV3Model (model type `jina_embeddings_v3`), 559M parameters.
Built from transformers.JinaEmbeddingsV3Config() with random weights: JinaEmbeddingsV3Model(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/jina_embeddings_v3
"""
from benchit.parser import parse
import torch
from transformers import JinaEmbeddingsV3Config, JinaEmbeddingsV3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = JinaEmbeddingsV3Config()
model = JinaEmbeddingsV3Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
