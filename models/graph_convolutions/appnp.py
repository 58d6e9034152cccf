# labels: name::appnp author::pyg task::graph_learning test_group::daily
"""
APPNP (Klicpera et al., Predict then Propagate, https://arxiv.org/abs/1810.05997):
a 2-layer MLP followed by k steps of personalized-PageRank propagation, random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
alpha (teleport probability) is benchit's standard parameter (default 2.2, as in MLAgility); the paper
uses 0.1. The value does not change the computation graph.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.APPNP.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import APPNP, MLP

torch.manual_seed(0)
in_channels, out_channels, k, alpha = parse(["in_channels", "out_channels", "k", "alpha"])
hidden_channels = 64


class APPNPNet(torch.nn.Module):
    """Predict with an MLP, then propagate with APPNP."""

    def __init__(self, in_channels, hidden_channels, out_channels, k, alpha):
        super().__init__()
        self.mlp = MLP([in_channels, hidden_channels, out_channels])
        self.propagate = APPNP(K=k, alpha=alpha)

    def forward(self, x, edge_index):
        return self.propagate(self.mlp(x), edge_index)


model = APPNPNet(in_channels, hidden_channels, out_channels, k, alpha).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
