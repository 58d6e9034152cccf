# labels: name::pe_audio_video author::huggingface task::multimodal test_group::daily
"""
Perception Encoder audio-video-text model (PE audio and video encoders fused by a joint encoder, contrasted with text), 2 frames at 336 x 336 with 3 s of audio.
Built from transformers.PeAudioVideoConfig(...) with random weights: PeAudioVideoModel(config).

The default config has 1.46B parameters and needs over 8 GB on a CPU; this script keeps the
widths and uses 1 of the 6 layers of each of the audio, video and joint audio-video encoders,
and 1 text layer.
Source: https://huggingface.co/docs/transformers/model_doc/pe_audio_video
"""
from benchit.parser import parse
import torch
from transformers import PeAudioVideoConfig, PeAudioVideoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PeAudioVideoConfig(audio_video_config={"num_hidden_layers": 1, "audio_config": {"model_type": "pe_audio_encoder", "num_hidden_layers": 1}, "video_config": {"model_type": "pe_video_encoder", "num_hidden_layers": 1}}, text_config={"num_hidden_layers": 1})
model = PeAudioVideoModel(config).eval()
frames = 2  # each frame is a 336 x 336 ViT-L pass: 2 keep the CPU time and memory down
size = 336  # vit_pe_core_large_patch14_336, the timm architecture of the frame encoder
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values_videos": torch.rand(batch_size, frames, 3, size, size),
    "input_values": torch.randn(batch_size, 1, 48000),  # 3 s at 16 kHz
}

with torch.no_grad():
    model(**inputs)
