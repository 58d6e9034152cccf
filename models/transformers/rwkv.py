# labels: name::rwkv author::huggingface task::nlp test_group::daily
"""
RWKV-4 recurrent decoder (RWKV-4-169M-pile sizes: 12 layers of 768).
Built from transformers.RwkvConfig(...) with random weights: RwkvModel(config).

RwkvConfig() is RWKV-4 7B-sized (32 layers of 4096); its weight init orthogonalises the 50277 x
4096 embedding, which takes minutes on a CPU, so this script uses the RWKV-4-169M-pile sizes.
Source: https://huggingface.co/docs/transformers/model_doc/rwkv
"""
from benchit.parser import parse
import torch
from transformers import RwkvConfig, RwkvModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RwkvConfig(hidden_size=768, num_hidden_layers=12, attention_hidden_size=768, intermediate_size=3072)
model = RwkvModel(config).eval()
inputs = {"input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length))}

with torch.no_grad():
    model(**inputs)
