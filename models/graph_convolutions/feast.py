# labels: name::feast author::pyg task::graph_learning test_group::daily
"""
FeaStNet (Verma et al., https://arxiv.org/abs/1706.05206):
num_layers FeaStConv layers (4 heads) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.FeaStConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import FeaStConv

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64


class FeaStNet(torch.nn.Module):
    """A stack of FeaStConv layers with ReLU in between."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        sizes = [in_channels] + [hidden_channels] * (num_layers - 1) + [out_channels]
        self.convs = torch.nn.ModuleList(
            FeaStConv(c_in, c_out, heads=4) for c_in, c_out in zip(sizes[:-1], sizes[1:])
        )

    def forward(self, x, edge_index):
        for conv in self.convs[:-1]:
            x = torch.relu(conv(x, edge_index))
        return self.convs[-1](x, edge_index)


model = FeaStNet(in_channels, hidden_channels, out_channels, num_layers).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
