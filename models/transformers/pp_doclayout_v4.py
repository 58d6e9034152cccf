# labels: name::pp_doclayout_v4 author::huggingface task::computer_vision test_group::daily
"""
PPDocLayoutV4Model (model type `pp_doclayout_v4`), 34M parameters.
Built from transformers.PPDocLayoutV4Config() with random weights: PPDocLayoutV4Model(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pp_doclayout_v4
"""
from benchit.parser import parse
import torch
from transformers import PPDocLayoutV4Config, PPDocLayoutV4Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PPDocLayoutV4Config()
model = PPDocLayoutV4Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
