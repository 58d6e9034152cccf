import os as _os
from pathlib import Path as _Path
DIR = _Path(_os.environ.get("OB_DIR", "/tmp/optimum-compare"))  # the model, reports and logs
DIR.mkdir(parents=True, exist_ok=True)
import torch, transformers
torch.manual_seed(0)
cfg = transformers.GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=1000, n_positions=256,
                              bos_token_id=1, eos_token_id=2, pad_token_id=0)
m = transformers.GPT2LMHeadModel(cfg).eval()
m.save_pretrained(str(DIR / "gpt2_2x64"))
print(sum(p.numel() for p in m.parameters()))
