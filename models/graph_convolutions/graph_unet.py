# labels: name::graph_unet author::pyg task::graph_learning test_group::daily
"""
Graph U-Net (Gao and Ji, https://arxiv.org/abs/1905.05178):
torch_geometric.nn.models.GraphUNet (GCN layers with top-k pooling and unpooling, depth 3) with random
weights, on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.GraphUNet.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import GraphUNet

torch.manual_seed(0)
in_channels, out_channels = parse(["in_channels", "out_channels"])
hidden_channels = 64

model = GraphUNet(in_channels, hidden_channels, out_channels, depth=3).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
