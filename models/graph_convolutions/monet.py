# labels: name::monet author::pyg task::graph_learning test_group::daily
"""
MoNet (Monti et al., Geometric deep learning on graphs and manifolds using mixture model CNNs,
https://arxiv.org/abs/1611.08402): num_layers GMMConv layers (3 Gaussian kernels over 2-D pseudo-coordinates)
with random weights, on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Edge pseudo-coordinates are the (deg(i)^-1/2, deg(j)^-1/2) pairs used in the paper's Cora model.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.GMMConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import GMMConv
from torch_geometric.utils import degree

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64


class MoNet(torch.nn.Module):
    """A stack of GMMConv layers with ReLU in between."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        sizes = [in_channels] + [hidden_channels] * (num_layers - 1) + [out_channels]
        self.convs = torch.nn.ModuleList(
            GMMConv(c_in, c_out, dim=2, kernel_size=3) for c_in, c_out in zip(sizes[:-1], sizes[1:])
        )

    def forward(self, x, edge_index, edge_attr):
        for conv in self.convs[:-1]:
            x = torch.relu(conv(x, edge_index, edge_attr))
        return self.convs[-1](x, edge_index, edge_attr)


model = MoNet(in_channels, hidden_channels, out_channels, num_layers).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))
deg = degree(edge_index[1], num_nodes).clamp(min=1)
edge_attr = torch.stack([deg[edge_index[0]] ** -0.5, deg[edge_index[1]] ** -0.5], dim=-1)

with torch.no_grad():
    model(x, edge_index, edge_attr)
