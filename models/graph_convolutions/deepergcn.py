# labels: name::deepergcn author::pyg task::graph_learning test_group::daily
"""
DeeperGCN (Li et al., https://arxiv.org/abs/2006.07739):
num_layers pre-activation residual blocks (DeepGCNLayer 'res+') of GENConv with softmax
aggregation; random weights, on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.DeepGCNLayer.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import DeepGCNLayer, GENConv

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64


class DeeperGCN(torch.nn.Module):
    """Linear encoder, num_layers res+ GENConv blocks, linear classifier."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        self.encoder = torch.nn.Linear(in_channels, hidden_channels)
        self.layers = torch.nn.ModuleList()
        for _ in range(num_layers):
            conv = GENConv(hidden_channels, hidden_channels, aggr="softmax", t=1.0, learn_t=True, num_layers=2, norm="layer")
            norm = torch.nn.LayerNorm(hidden_channels, elementwise_affine=True)
            self.layers.append(DeepGCNLayer(conv, norm, torch.nn.ReLU(), block="res+"))
        self.classifier = torch.nn.Linear(hidden_channels, out_channels)

    def forward(self, x, edge_index):
        x = self.layers[0].conv(self.encoder(x), edge_index)
        for layer in self.layers[1:]:
            x = layer(x, edge_index)
        x = torch.relu(self.layers[0].norm(x))
        return self.classifier(x)


model = DeeperGCN(in_channels, hidden_channels, out_channels, num_layers).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
