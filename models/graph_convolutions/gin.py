# labels: name::gin author::pyg task::graph_learning test_group::daily
"""
Graph Isomorphism Network (Xu et al., https://arxiv.org/abs/1810.00826):
torch_geometric.nn.models.GIN (GINConv with 2-layer MLPs) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.GIN.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import GIN

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

model = GIN(in_channels, hidden_channels, num_layers, out_channels).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
