# labels: name::tiny_transformer author::selftest task::nlp test_group::selftest
"""
A two-layer transformer encoder over int64 token ids, called with keyword inputs.
Source: torch.nn.TransformerEncoder, written for benchit's self test.
"""
import torch

from benchit.parser import parse

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])


class TinyEncoder(torch.nn.Module):
    def __init__(self, vocab: int = 1000, dim: int = 64):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, dim)
        layer = torch.nn.TransformerEncoderLayer(dim, nhead=4, dim_feedforward=128, batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)

    def forward(self, input_ids, attention_mask=None):
        padding = None if attention_mask is None else attention_mask == 0
        return self.encoder(self.embed(input_ids), src_key_padding_mask=padding)


model = TinyEncoder().eval()
input_ids = torch.randint(1000, (batch_size, max_seq_length))
attention_mask = torch.ones(batch_size, max_seq_length, dtype=torch.long)
model(input_ids=input_ids, attention_mask=attention_mask)
