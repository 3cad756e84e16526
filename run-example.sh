#!/usr/bin/env bash
# The main job on a shipped example: lower a small ResNet-style gawee network to
# linalg, run it on a seeded input image and weights, and print the logits, next to
# those of the gawee program itself.
NNSTACK_EXTRAS=""  # nnstack alone: the example needs none of the test tools
source "$(dirname "$0")/scripts/venv.sh"
mkdir -p out
xdsl-opt examples/resnet_small.mlir -p convert-gawee-to-linalg -o out/resnet_small.linalg.mlir
echo "lowered examples/resnet_small.mlir to out/resnet_small.linalg.mlir"
python examples/make_inputs.py examples/resnet_small.mlir forward out/inputs
inputs=(out/inputs/arg*.npy)
echo "logits of the linalg program:"
nnstack-run out/resnet_small.linalg.mlir --symbol forward "${inputs[@]/#/--input=}"
nnstack-run examples/resnet_small.mlir --symbol forward "${inputs[@]/#/--input=}" --output-dir out/gawee
nnstack-run out/resnet_small.linalg.mlir --symbol forward "${inputs[@]/#/--input=}" --output-dir out/linalg
python -c "import numpy as np; d = np.abs(np.load('out/gawee/out0.npy') - np.load('out/linalg/out0.npy')).max(); print(f'max abs difference to the gawee program: {d:.2e}')"
