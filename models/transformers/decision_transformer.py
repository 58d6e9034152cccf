# labels: name::decision_transformer author::huggingface task::reinforcement_learning test_group::daily
"""
Decision Transformer (GPT-2 over return-to-go, state and action tokens) for offline RL.
Built from transformers.DecisionTransformerConfig(...) with random weights: DecisionTransformerModel(config).

state_dim=17, act_dim=6 as for the MuJoCo HalfCheetah checkpoints; 20-step context.
Source: https://huggingface.co/docs/transformers/model_doc/decision_transformer
"""
from benchit.parser import parse
import torch
from transformers import DecisionTransformerConfig, DecisionTransformerModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = DecisionTransformerConfig(state_dim=17, act_dim=6)
model = DecisionTransformerModel(config).eval()
context = 20
inputs = {
    "states": torch.randn(batch_size, context, config.state_dim),
    "actions": torch.randn(batch_size, context, config.act_dim),
    "rewards": torch.randn(batch_size, context, 1),
    "returns_to_go": torch.randn(batch_size, context, 1),
    "timesteps": torch.arange(context).repeat(batch_size, 1),
    "attention_mask": torch.ones(batch_size, context, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
