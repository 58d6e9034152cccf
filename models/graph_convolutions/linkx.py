# labels: name::linkx author::pyg task::graph_learning test_group::daily
"""
LINKX (Lim et al., Large Scale Learning on Non-Homophilous Graphs, https://arxiv.org/abs/2110.14446):
torch_geometric.nn.models.LINKX (separate MLPs over adjacency rows and node features) with random
weights, on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.LINKX.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import LINKX

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

model = LINKX(num_nodes, in_channels, hidden_channels, out_channels, num_layers).eval()

with torch.no_grad():
    model(x, edge_index)
