# labels: name::gatv2 author::pyg task::graph_learning test_group::daily
"""
GATv2 (Brody et al., How Attentive are Graph Attention Networks?, https://arxiv.org/abs/2105.14491):
torch_geometric.nn.models.GAT(v2=True) (GATv2Conv, 8 heads) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.GAT.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import GAT

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

model = GAT(in_channels, hidden_channels, num_layers, out_channels, v2=True, heads=8).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
