# labels: name::chebnet author::pyg task::graph_learning test_group::daily
"""
ChebNet (Defferrard et al., Spectral CNNs with Fast Localized Filters, https://arxiv.org/abs/1606.09375):
num_layers ChebConv layers with Chebyshev polynomials of order k and random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.ChebConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import ChebConv

torch.manual_seed(0)
in_channels, out_channels, num_layers, k = parse(["in_channels", "out_channels", "num_layers", "k"])
hidden_channels = 64


class ChebNet(torch.nn.Module):
    """A stack of ChebConv layers with ReLU in between."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers, k):
        super().__init__()
        sizes = [in_channels] + [hidden_channels] * (num_layers - 1) + [out_channels]
        self.convs = torch.nn.ModuleList(
            ChebConv(c_in, c_out, K=k) for c_in, c_out in zip(sizes[:-1], sizes[1:])
        )

    def forward(self, x, edge_index):
        for conv in self.convs[:-1]:
            x = torch.relu(conv(x, edge_index))
        return self.convs[-1](x, edge_index)


model = ChebNet(in_channels, hidden_channels, out_channels, num_layers, k).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
