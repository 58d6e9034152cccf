# labels: name::pp_doclayout_v3 author::huggingface task::computer_vision test_group::daily
"""
PPDocLayoutV3Model (model type `pp_doclayout_v3`), 33M parameters.
Built from transformers.PPDocLayoutV3Config() with random weights: PPDocLayoutV3Model(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pp_doclayout_v3
"""
from benchit.parser import parse
import torch
from transformers import PPDocLayoutV3Config, PPDocLayoutV3Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PPDocLayoutV3Config()
model = PPDocLayoutV3Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
